// SPDX-License-Identifier: CC0-1.0
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {IERC3525} from "@solvprotocol/erc-3525/IERC3525.sol";
import {NightfallBase, WithdrawData} from "./NightfallBase.sol";

// Token standards of the head-era contract, with the fee token (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// blockchain_assets/contracts/Nightfall.sol:37-43).
enum TokenType {
    ERC20,
    ERC1155,
    ERC721,
    ERC3525,
    FeeToken
}

/// @notice Upstream master's Nightfall contract where it differs from the plume era: `getTokenInfo` answers three
/// words, a deposit pays exactly the fee or at least twice it, and `descrow_funds` pays ERC-3525 and reverts when an
/// ERC-20 transfer fails.
contract NightfallHead is NightfallBase {
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

    // Three words (Nightfall.sol:562-567 @ master).
    function getTokenInfo(uint256 nfTokenId)
        external
        view
        returns (address ercAddress, uint256 tokenId, TokenType tokenType)
    {
        TokenRecord memory info = tokenIdMapping[nfTokenId];
        return (info.erc_address, info.token_id, TokenType(info.token_type));
    }

    // Releases a claimable withdraw to its recipient, as Nightfall.sol:573-639 @ master does: the token type is the
    // caller's word (never compared with the escrowed token's), a token id mapped to nothing is paid in native coin,
    // and the claim is closed before any payout; a type with no branch (FeeToken) closes it and pays nothing.
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
            withdrawalIncluded[key] = false;
            payNativeCoin(data);
            return;
        }

        if (token_type == TokenType.ERC721) {
            require(data.value == 0, "ERC721 tokens should have a value of zero");
        } else if (token_type == TokenType.ERC20) {
            require(original.token_id == 0, "ERC20 tokens should have a tokenId of 0");
        }
        withdrawalIncluded[key] = false;

        if (token_type == TokenType.ERC3525) {
            // Value leaves the escrowed token as a new token owned by the recipient.
            IERC3525(original.erc_address).transferFrom(original.token_id, data.recipient_address, data.value);
        } else if (token_type == TokenType.ERC1155) {
            IERC1155(original.erc_address).safeTransferFrom(
                address(this), data.recipient_address, original.token_id, data.value, ""
            );
        } else if (token_type == TokenType.ERC721) {
            IERC721(original.erc_address).safeTransferFrom(address(this), data.recipient_address, original.token_id, "");
        } else if (token_type == TokenType.ERC20) {
            require(
                IERC20(original.erc_address).transfer(data.recipient_address, data.value), "ERC20 Descrow-fund failed"
            );
        }
    }

    // Exactly the fee, or at least twice it (Nightfall.sol:499 @ master), checked after the token has moved.
    function checkDepositPayment(uint256 fee) internal view override {
        require(msg.value == fee || msg.value >= 2 * fee, "Invalid msg.value for fee or top-up");
    }
}
