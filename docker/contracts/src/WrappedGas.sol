// SPDX-License-Identifier: CC0-1.0
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice The chain's native coin wrapped as an ERC-20 (18 decimals), WETH-style: `deposit` (or a plain transfer of
/// coin) mints 1:1, `withdraw` burns and pays the coin back.
contract WrappedGas is ERC20 {
    event Deposit(address indexed dst, uint256 wad);
    event Withdrawal(address indexed src, uint256 wad);

    constructor() ERC20("Wrapped Gas", "WGAS") {}

    receive() external payable {
        deposit();
    }

    function deposit() public payable {
        _mint(msg.sender, msg.value);
        emit Deposit(msg.sender, msg.value);
    }

    function withdraw(uint256 amount) external {
        _burn(msg.sender, amount);
        emit Withdrawal(msg.sender, amount);
        (bool sent,) = msg.sender.call{value: amount}("");
        require(sent, "WrappedGas: native transfer failed");
    }
}
