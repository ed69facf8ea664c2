// SPDX-License-Identifier: CC0-1.0
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice Stands in for the test network's stablecoin: an ERC-20 with 6 decimals that the owner (the funder) mints.
contract Stablecoin is ERC20, Ownable {
    // In storage rather than constant so that decimals() stays `view`, as ERC-20 declares it.
    uint8 private tokenDecimals = 6;

    constructor() ERC20("Devnet USD", "dUSD") Ownable(msg.sender) {}

    function decimals() public view override returns (uint8) {
        return tokenDecimals;
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
