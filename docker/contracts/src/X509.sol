// SPDX-License-Identifier: CC0-1.0
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice Stand-in for Nightfall's X509 contract. The real one allowlists an address once it has validated an
/// X.509 certificate for it; the devnet's owner (the funder) allowlists addresses directly instead. The view that
/// the certified contracts consult, `x509Check`, behaves as the real one: true for allowlisted addresses, or for
/// everyone once the owner has switched allowlisting off.
contract X509 is Ownable {
    mapping(address => bool) private allowlisted;
    bool private allowlistingEnabled = true;

    event AllowlistUpdated(address indexed user, bool allowed);
    event AllowlistingEnabled(bool enabled);

    constructor() Ownable(msg.sender) {}

    function x509Check(address user) external view returns (bool) {
        return !allowlistingEnabled || allowlisted[user];
    }

    function addToAllowlist(address user) external onlyOwner {
        allowlisted[user] = true;
        emit AllowlistUpdated(user, true);
    }

    function removeFromAllowlist(address user) external onlyOwner {
        allowlisted[user] = false;
        emit AllowlistUpdated(user, false);
    }

    function enableAllowlisting(bool enabled) external onlyOwner {
        allowlistingEnabled = enabled;
        emit AllowlistingEnabled(enabled);
    }
}
