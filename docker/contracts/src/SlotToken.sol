// SPDX-License-Identifier: CC0-1.0
pragma solidity ^0.8.24;

import {ERC3525} from "@solvprotocol/erc-3525/ERC3525.sol";
// ERC3525 is built on OpenZeppelin 4, so its Ownable must come from the same copy (one `Context` in the hierarchy).
import {Ownable} from "@solvprotocol/erc-3525/node_modules/@openzeppelin/contracts/access/Ownable.sol";

/// @notice An ERC-3525 semi-fungible token (value decimals 18) whose owner (the funder) mints value into slots.
contract SlotToken is ERC3525, Ownable {
    constructor() ERC3525("Devnet Slot Token", "dSFT", 18) {}

    function mint(address to, uint256 slot, uint256 value) external onlyOwner returns (uint256 tokenId) {
        return _mint(to, slot, value);
    }
}
