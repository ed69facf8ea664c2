// SPDX-License-Identifier: CC0-1.0
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC721Receiver} from "@openzeppelin/contracts/token/ERC721/IERC721Receiver.sol";
import {ERC721Holder} from "@openzeppelin/contracts/token/ERC721/utils/ERC721Holder.sol";
import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {ERC1155Holder} from "@openzeppelin/contracts/token/ERC1155/utils/ERC1155Holder.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {IERC3525} from "@solvprotocol/erc-3525/IERC3525.sol";
import {IERC3525Receiver} from "@solvprotocol/erc-3525/IERC3525Receiver.sol";
import {Certified} from "./Certified.sol";
import {ProposerManager} from "./ProposerManager.sol";

/// Token standards, numbered as the real contract and client number them (1 = ERC-1155, 2 = ERC-721).
enum TokenType {
    ERC20,
    ERC1155,
    ERC721,
    ERC3525,
    FeeToken
}

/// One slot of an L2 block: a group of up to four deposits, a transfer, a withdraw, or a dummy (all zero).
struct OnChainTransaction {
    uint256 fee;
    uint256[4] commitments;
    uint256[4] nullifiers;
    uint256[4] public_data;
}

struct Block {
    uint256 commitments_root;
    uint256 nullifier_root;
    uint256 commitments_root_root;
    OnChainTransaction[] transactions;
    bytes rollup_proof;
}

struct WithdrawData {
    uint256 nf_token_id;
    address recipient_address;
    uint256 value;
    uint256 withdraw_fund_salt;
}

struct DepositCommitment {
    uint256 nf_token_id;
    uint256 nf_slot_id;
    uint256 value;
    uint256 secret_hash;
}

/// @notice Devnet model of Nightfall 4's L1 contract: escrows deposits, accepts L2 blocks from the current proposer
/// and releases withdrawn funds. It keeps the real contract's ABI, identifiers, events and revert reasons. Proofs are
/// mocked as in the real dev mode (MockVerifier): the first 32 bytes of `rollup_proof` are the block's fee sum and
/// the rest is not checked. Unlike the real contract it also records nullifiers, so that a double spend reverts.
contract Nightfall is Certified, Ownable, ReentrancyGuard, ERC721Holder, ERC1155Holder, IERC3525Receiver {
    using SafeERC20 for IERC20;

    struct TokenIdValue {
        address erc_address;
        uint256 token_id;
        TokenType token_type;
    }

    struct DepositFeeState {
        uint256 fee;
        bool escrowed;
        bool redeemed;
    }

    event BlockProposed(int256 indexed layer2_block_number);
    event DepositEscrowed(uint256 nfSlotId, uint256 value);

    /// Number of the next L2 block; the first block proposed is block 0.
    int256 public layer2_block_number;

    /// Nightfall id of the fee token: keccak256(abi.encode(address(this), 0)) >> 4 (keccak, unlike token ids).
    uint256 public immutable fee_token_id;

    ProposerManager private proposerManager;
    mapping(uint256 => TokenIdValue) private tokenIdMapping;
    mapping(uint256 => DepositFeeState) private feeBinding;
    mapping(bytes32 => bool) private withdrawalIncluded;
    mapping(uint256 => bool) private nullified;
    uint256 private commitmentRoot;
    uint256 private nullifierRoot;
    uint256 private historicRootsRoot;

    constructor(address x509Address) Certified(x509Address) Ownable(msg.sender) {
        fee_token_id = uint256(keccak256(abi.encode(address(this), uint256(0)))) >> 4;
        tokenIdMapping[fee_token_id] = TokenIdValue(address(this), 0, TokenType.FeeToken);
    }

    function set_proposer_manager(address proposerManagerAddress) external onlyOwner {
        proposerManager = ProposerManager(proposerManagerAddress);
    }

    /// Pulls the token into escrow and books the deposit for the next block. `msg.value` pays the proposer's fee: it
    /// must be exactly `fee`, or `2 * fee` plus a deposit fee (the surplus), which becomes a second, fee-token deposit
    /// with the same secret hash (its own fee is the second `fee`).
    function escrow_funds(
        uint256 fee,
        address ercAddress,
        uint256 tokenId,
        uint256 value,
        uint256 secretHash,
        TokenType token_type
    ) external payable onlyCertified nonReentrant {
        require(msg.value == fee || msg.value >= 2 * fee, "Deposit fee must be exactly fee, or at least twice the fee");
        require(token_type != TokenType.FeeToken, "Fee tokens cannot be escrowed");

        uint256 nfTokenId = sha256AndShift(abi.encode(ercAddress, tokenId));
        tokenIdMapping[nfTokenId] = TokenIdValue(ercAddress, tokenId, token_type);
        uint256 nfSlotId = token_type == TokenType.ERC3525
            ? uint256(keccak256(abi.encode(ercAddress, IERC3525(ercAddress).slotOf(tokenId)))) >> 4
            : nfTokenId;

        pullIntoEscrow(ercAddress, tokenId, value, token_type);
        bookDeposit(DepositCommitment(nfTokenId, nfSlotId, value, secretHash), fee,
            "Funds have already been escrowed for this Deposit");

        if (msg.value > 2 * fee) {
            uint256 depositFee = msg.value - 2 * fee;
            bookDeposit(DepositCommitment(fee_token_id, fee_token_id, depositFee, secretHash), fee,
                "Funds have already been escrowed for this fee Deposit");
        }
    }

    /// Accepts an L2 block from the current proposer: redeems its deposits, spends its nullifiers, makes its withdraws
    /// claimable, and pays the proposer the block's fee sum plus the fees of the deposits it includes.
    function propose_block(Block calldata blk) external onlyCertified nonReentrant {
        require(
            address(proposerManager) != address(0) && proposerManager.get_current_proposer_address() == msg.sender,
            "Only the current proposer can propose a block"
        );
        require(blk.rollup_proof.length >= 32, "Rollup proof verification failed");
        uint256 totalFee = uint256(bytes32(blk.rollup_proof[:32]));

        for (uint256 i = 0; i < blk.transactions.length; i++) {
            OnChainTransaction calldata txn = blk.transactions[i];
            if (txn.nullifiers[0] == 0) {
                // A deposit group (public_data = escrow keys) or a dummy slot (all zero).
                totalFee += redeemDeposits(txn.public_data);
                continue;
            }
            spendNullifiers(txn.nullifiers);
            if (txn.commitments[0] == 0) {
                // A withdraw: public_data = [nf_token_id, recipient, value, 0]; its salt is the first nullifier.
                WithdrawData memory data = WithdrawData(
                    txn.public_data[0], address(uint160(txn.public_data[1])), txn.public_data[2], txn.nullifiers[0]
                );
                withdrawalIncluded[keccak256(abi.encode(data))] = true;
            }
        }

        commitmentRoot = blk.commitments_root;
        nullifierRoot = blk.nullifier_root;
        historicRootsRoot = blk.commitments_root_root;
        emit BlockProposed(layer2_block_number++);

        if (totalFee > 0) {
            (bool paid,) = msg.sender.call{value: totalFee}("");
            require(paid, "Failed to transfer the fee to the proposer");
        }
    }

    /// Releases a withdraw that a proposed block made claimable, once, to its recipient (whoever calls it).
    function descrow_funds(WithdrawData calldata data, TokenType token_type) external onlyCertified nonReentrant {
        bytes32 key = keccak256(abi.encode(data));
        require(
            withdrawalIncluded[key], "Either no funds are available to withdraw, or they are already withdrawn"
        );
        TokenIdValue memory original = tokenIdMapping[data.nf_token_id];
        require(original.erc_address != address(0), "Unknown Nightfall token id");
        require(original.token_type == token_type, "Token type does not match the escrowed token");
        withdrawalIncluded[key] = false;
        payOut(original, data.recipient_address, data.value);
    }

    function withdraw_processed(WithdrawData calldata data) external view returns (bool) {
        return withdrawalIncluded[keccak256(abi.encode(data))];
    }

    function getTokenInfo(uint256 nfTokenId)
        external
        view
        returns (address ercAddress, uint256 tokenId, TokenType tokenType)
    {
        TokenIdValue memory info = tokenIdMapping[nfTokenId];
        return (info.erc_address, info.token_id, info.token_type);
    }

    /// The escrow key of a deposit: sha256(abi.encode(deposit)) >> 4, as proposers put it in public_data.
    function deposit_key(DepositCommitment memory deposit) public pure returns (uint256) {
        return uint256(sha256(abi.encode(deposit))) >> 4;
    }

    function deposit_escrowed(uint256 key) external view returns (bool escrowed, bool redeemed, uint256 fee) {
        DepositFeeState memory state = feeBinding[key];
        return (state.escrowed, state.redeemed, state.fee);
    }

    function is_nullified(uint256 nullifier) external view returns (bool) {
        return nullified[nullifier];
    }

    function onERC3525Received(address, uint256, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return IERC3525Receiver.onERC3525Received.selector;
    }

    /// Deposits are one token at a time, as in the real contract.
    function onERC1155BatchReceived(address, address, uint256[] memory, uint256[] memory, bytes memory)
        public
        pure
        override
        returns (bytes4)
    {
        revert("Unsupport by Nightfall");
    }

    function supportsInterface(bytes4 interfaceId) public view override returns (bool) {
        return interfaceId == type(IERC721Receiver).interfaceId
            || interfaceId == type(IERC3525Receiver).interfaceId || super.supportsInterface(interfaceId);
    }

    function bookDeposit(DepositCommitment memory deposit, uint256 fee, string memory duplicateReason) private {
        uint256 key = deposit_key(deposit);
        require(!feeBinding[key].escrowed, duplicateReason);
        feeBinding[key] = DepositFeeState(fee, true, false);
        emit DepositEscrowed(deposit.nf_slot_id, deposit.value);
    }

    function pullIntoEscrow(address ercAddress, uint256 tokenId, uint256 value, TokenType tokenType) private {
        if (tokenType == TokenType.ERC20) {
            require(tokenId == 0, "ERC20 tokens should have a tokenId of 0");
            IERC20(ercAddress).safeTransferFrom(msg.sender, address(this), value);
        } else if (tokenType == TokenType.ERC1155) {
            IERC1155(ercAddress).safeTransferFrom(msg.sender, address(this), tokenId, value, "");
        } else if (tokenType == TokenType.ERC721) {
            require(value == 0, "ERC721 tokens should have a value of zero");
            IERC721(ercAddress).safeTransferFrom(msg.sender, address(this), tokenId, "");
        } else {
            // ERC-3525: the whole token moves into escrow; the commitment's value is not checked against it.
            IERC3525(ercAddress).transferFrom(msg.sender, address(this), tokenId);
        }
    }

    function payOut(TokenIdValue memory token, address recipient, uint256 value) private {
        if (token.token_type == TokenType.ERC20) {
            IERC20(token.erc_address).safeTransfer(recipient, value);
        } else if (token.token_type == TokenType.ERC1155) {
            IERC1155(token.erc_address).safeTransferFrom(address(this), recipient, token.token_id, value, "");
        } else if (token.token_type == TokenType.ERC721) {
            require(value == 0, "ERC721 tokens should have a value of zero");
            IERC721(token.erc_address).safeTransferFrom(address(this), recipient, token.token_id, "");
        } else if (token.token_type == TokenType.ERC3525) {
            // Value leaves the escrowed token as a new token owned by the recipient.
            IERC3525(token.erc_address).transferFrom(token.token_id, recipient, value);
        } else {
            // As in the real contract there is no way to take fee-token balance back to L1; revert rather than
            // clear the claim and pay nothing.
            revert("Fee token balances cannot be withdrawn");
        }
    }

    function redeemDeposits(uint256[4] calldata keys) private returns (uint256 fees) {
        for (uint256 j = 0; j < 4; j++) {
            if (keys[j] == 0) continue;
            DepositFeeState storage state = feeBinding[keys[j]];
            require(
                state.escrowed && !state.redeemed, "Deposit either has not been escrowed or has already been redeemed"
            );
            state.redeemed = true;
            fees += state.fee;
        }
    }

    function spendNullifiers(uint256[4] calldata nullifiers) private {
        for (uint256 j = 0; j < 4; j++) {
            uint256 nullifier = nullifiers[j];
            if (nullifier == 0) continue;
            require(!nullified[nullifier], "Nullifier already used");
            nullified[nullifier] = true;
        }
    }

    function sha256AndShift(bytes memory input) private pure returns (uint256) {
        return uint256(sha256(input)) >> 4;
    }
}
