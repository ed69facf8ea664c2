// SPDX-License-Identifier: CC0-1.0
pragma solidity ^0.8.24;

/// A registered proposer; the registry links them in a ring (next/previous) that rotation walks.
struct Proposer {
    uint256 stake;
    address addr;
    string url;
    address next_addr;
    address previous_addr;
}

/// @notice The proposer registry's interface as the real `ProposerManager` declares it.
interface ProposerManager {
    event ProposerRotated(Proposer proposer);

    function rotate_proposer() external;

    function add_proposer(string calldata proposer_url) external payable;

    function remove_proposer() external;

    function get_current_proposer_address() external view returns (address);

    function get_proposers() external view returns (Proposer[] memory);
}
