// SPDX-License-Identifier: CC0-1.0
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {NightfallBase, WithdrawData} from "./NightfallBase.sol";

// Token standards of the plume-era contract: no fee token (EYBlockchain/nightfall_4_CE @ plume_testnet_deployer
// 0326e57 : blockchain_assets/contracts/Nightfall.sol:35-40). A fifth value fails ABI decoding, so a call naming it
// reverts without a reason.
enum TokenType {
    ERC20,
    ERC1155,
    ERC721,
    ERC3525
}

/// @notice The Nightfall contract the test network was deployed from (`plume_testnet_deployer`), where it differs
/// from today's: `getTokenInfo` answers two words, any `msg.value` pays for a deposit, and `descrow_funds` has no
/// ERC-3525 branch, so an ERC-3525 claim succeeds, pays nothing and stays open.
contract NightfallPlume is NightfallBase {
    constructor(address x509Address) NightfallBase(x509Address) {}

    function escrow_funds(
        uint256 fee,
        address ercAddress,
        uint256 tokenId,
        uint256 value,
        uint256 secretHash,
        TokenType token_type
    ) external payable onlyCertified nonReentrant {
        escrow(fee, ercAddress, tokenId, value, secretHash, uint8(token_type));
    }

    // Two words (Nightfall.sol:542-547 @ plume_testnet_deployer).
    function getTokenInfo(uint256 nfTokenId) external view returns (address ercAddress, uint256 tokenId) {
        TokenRecord memory info = tokenIdMapping[nfTokenId];
        return (info.erc_address, info.token_id);
    }

    // Releases a claimable withdraw to its recipient, as Nightfall.sol:553-614 @ plume_testnet_deployer does: the
    // token type is the caller's word (never compared with the escrowed token's), a token id mapped to nothing is
    // paid in native coin without closing the claim, and a payout that does not happen (ERC-3525, which has no
    // branch, or an ERC-20 `transfer` answering false) reopens the claim instead of reverting.
    function descrow_funds(WithdrawData calldata data, TokenType token_type)
        external
        payable
        onlyCertified
        nonReentrant
    {
        bytes32 key = keccak256(abi.encode(data));
        require(withdrawalIncluded[key], NOT_CLAIMABLE);
        TokenRecord memory original = tokenIdMapping[data.nf_token_id];
        if (original.erc_address == address(0)) {
            payNativeCoin(data);
            return;
        }

        withdrawalIncluded[key] = false;
        bool paid;
        if (token_type == TokenType.ERC1155) {
            IERC1155(original.erc_address).safeTransferFrom(
                address(this), data.recipient_address, original.token_id, data.value, ""
            );
            paid = true;
        } else if (token_type == TokenType.ERC721) {
            require(data.value == 0, "ERC721 tokens should have a value of zero");
            IERC721(original.erc_address).safeTransferFrom(address(this), data.recipient_address, original.token_id, "");
            paid = true;
        } else if (token_type == TokenType.ERC20) {
            require(original.token_id == 0, "ERC20 tokens should have a tokenId of 0");
            paid = IERC20(original.erc_address).transfer(data.recipient_address, data.value);
        }
        if (!paid) withdrawalIncluded[key] = true;
    }

    /// No rule: the plume-era `escrow_funds` never compares `msg.value` with the fee (Nightfall.sol:410-499).
    function checkDepositPayment(uint256) internal pure override {}
}
