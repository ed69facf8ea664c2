// SPDX-License-Identifier: CC0-1.0
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
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

/// @notice What both generations of Nightfall 4's L1 contract share, modelled for the devnet: escrowing deposits,
/// accepting L2 blocks from the current proposer, making withdraws claimable. The generations (NightfallPlume,
/// NightfallHead) add the parts that differ: the token-type enum, `getTokenInfo`, the deposit payment rule and
/// `descrow_funds`. Identifiers, events and revert reasons are the real ones. Proofs are mocked as in the real dev
/// mode (MockVerifier): the first 32 bytes of `rollup_proof` are the block's fee sum. The real test network verifies
/// proofs, and a proof cannot spend a nullifier twice; the devnet stands in for that check by recording nullifiers and
/// refusing a reused one with the verifier's revert reason.
abstract contract NightfallBase is
    Certified,
    Ownable,
    ReentrancyGuard,
    ERC721Holder,
    ERC1155Holder,
    IERC3525Receiver
{
    // Token standards by the numbers both generations give them; only the head generation has FEE_TOKEN in its enum.
    uint8 internal constant ERC20 = 0;
    uint8 internal constant ERC1155 = 1;
    uint8 internal constant ERC721 = 2;
    uint8 internal constant ERC3525 = 3;
    uint8 internal constant FEE_TOKEN = 4;

    string internal constant NOT_CLAIMABLE = "Either no funds are available to withdraw, or they are already withdrawn";

    /// The real contracts' error for a token type no escrow branch handles.
    error escrowFundsError();

    /// The type is recorded in both generations here, but only the head generation's `getTokenInfo` reveals it.
    struct TokenRecord {
        address erc_address;
        uint256 token_id;
        uint8 token_type;
    }

    struct DepositFeeState {
        uint256 fee;
        bool escrowed;
        bool redeemed;
    }

    event BlockProposed(int256 indexed layer2_block_number);
    event DepositEscrowed(uint256 nfSlotId, uint256 value);
    // Upstream's Nightfall is a UUPS proxy under an access manager, whose events the plume client's replay filters on
    // (nightfall_event_listener.rs:97-104 @ plume_testnet_client 4e84c58). Declared for the same interface; this
    // devnet deploys no proxy, so they are never emitted here.
    event Initialized(uint64 version);
    event Upgraded(address indexed implementation);
    event AuthoritiesUpdated(address indexed target, address indexed authority);

    /// Number of the next L2 block; the first block proposed is block 0.
    int256 public layer2_block_number;

    /// Nightfall id of the fee token: keccak256(abi.encode(address(this), 0)) >> 4 (keccak, unlike token ids).
    uint256 public immutable fee_token_id;

    ProposerManager private proposerManager;
    mapping(uint256 => TokenRecord) internal tokenIdMapping;
    mapping(uint256 => DepositFeeState) private feeBinding;
    mapping(bytes32 => bool) internal withdrawalIncluded;
    mapping(uint256 => bool) private nullified;
    uint256 private commitmentRoot;
    uint256 private nullifierRoot;
    uint256 private historicRootsRoot;

    constructor(address x509Address) Certified(x509Address) Ownable(msg.sender) {
        fee_token_id = uint256(keccak256(abi.encode(address(this), uint256(0)))) >> 4;
        tokenIdMapping[fee_token_id] = TokenRecord(address(this), 0, FEE_TOKEN);
    }

    function set_proposer_manager(address proposerManagerAddress) external onlyOwner {
        proposerManager = ProposerManager(proposerManagerAddress);
    }

    /// Accepts an L2 block from the current proposer: redeems its deposits, makes its withdraws claimable, and pays
    /// the proposer the block's fee sum plus the fees of the deposits it includes.
    function propose_block(Block calldata blk) external onlyCertified nonReentrant {
        require(
            address(proposerManager) != address(0) && proposerManager.get_current_proposer_address() == msg.sender,
            "Only the current proposer can propose a block"
        );
        require(blk.rollup_proof.length >= 32, "Rollup proof verification failed");
        // What the real verifier refuses before anything else: a block spending a nullifier already spent.
        for (uint256 i = 0; i < blk.transactions.length; i++) {
            spendNullifiers(blk.transactions[i].nullifiers);
        }
        uint256 totalFee = uint256(bytes32(blk.rollup_proof[:32]));

        for (uint256 i = 0; i < blk.transactions.length; i++) {
            OnChainTransaction calldata txn = blk.transactions[i];
            if (txn.nullifiers[0] == 0) {
                // A deposit group (public_data = escrow keys) or a dummy slot (all zero).
                totalFee += redeemDeposits(txn.public_data);
            } else if (txn.commitments[0] == 0) {
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

    function withdraw_processed(WithdrawData calldata data) external view returns (bool) {
        return withdrawalIncluded[keccak256(abi.encode(data))];
    }

    /// Devnet-only view: the escrow key of a deposit, sha256(abi.encode(deposit)) >> 4, as proposers put it in public_data.
    function deposit_key(DepositCommitment memory deposit) public pure returns (uint256) {
        return uint256(sha256(abi.encode(deposit))) >> 4;
    }

    /// Devnet-only view, for the simulated proposer (the real one keeps its own record of deposits).
    function deposit_escrowed(uint256 key) external view returns (bool escrowed, bool redeemed, uint256 fee) {
        DepositFeeState memory state = feeBinding[key];
        return (state.escrowed, state.redeemed, state.fee);
    }

    /// Devnet-only view, for the simulated proposer (the real one keeps its own nullifier tree).
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
        revert("Unsupported by Nightfall");
    }

    function supportsInterface(bytes4 interfaceId) public view override returns (bool) {
        return interfaceId == type(IERC721Receiver).interfaceId
            || interfaceId == type(IERC3525Receiver).interfaceId || super.supportsInterface(interfaceId);
    }

    /// Pulls the token into escrow and books the deposit for the next block. A surplus of `msg.value` over twice the
    /// fee becomes a second, fee-token deposit with the same secret hash (its own fee is the second `fee`). Which
    /// payments are allowed at all is the generation's rule (`checkDepositPayment`), checked after the token moved.
    function escrow(
        uint256 fee,
        address ercAddress,
        uint256 tokenId,
        uint256 value,
        uint256 secretHash,
        uint8 tokenType
    ) internal {
        uint256 nfTokenId = uint256(sha256(abi.encode(ercAddress, tokenId))) >> 4;
        tokenIdMapping[nfTokenId] = TokenRecord(ercAddress, tokenId, tokenType);
        uint256 nfSlotId = tokenType == ERC3525
            ? uint256(keccak256(abi.encode(ercAddress, IERC3525(ercAddress).slotOf(tokenId)))) >> 4
            : nfTokenId;

        uint256 key = deposit_key(DepositCommitment(nfTokenId, nfSlotId, value, secretHash));
        require(!feeBinding[key].escrowed, "Funds have already been escrowed for this Deposit");
        feeBinding[key] = DepositFeeState(fee, true, false);
        pullIntoEscrow(ercAddress, tokenId, value, tokenType);
        emit DepositEscrowed(nfSlotId, value);

        checkDepositPayment(fee);
        if (msg.value > 2 * fee) {
            uint256 depositFee = msg.value - 2 * fee;
            uint256 feeKey = deposit_key(DepositCommitment(fee_token_id, fee_token_id, depositFee, secretHash));
            require(!feeBinding[feeKey].escrowed, "Funds have already been escrowed for this fee Deposit");
            feeBinding[feeKey] = DepositFeeState(fee, true, false);
            emit DepositEscrowed(fee_token_id, depositFee);
        }
    }

    /// The generation's rule for `msg.value` against the fee of a deposit.
    function checkDepositPayment(uint256 fee) internal view virtual;

    /// A claim whose token id maps to no token: both generations pay `data.value` in native coin.
    function payNativeCoin(WithdrawData calldata data) internal {
        (bool complete,) = data.recipient_address.call{value: data.value}("");
        require(complete, "Could not withdraw fee");
    }

    function pullIntoEscrow(address ercAddress, uint256 tokenId, uint256 value, uint8 tokenType) private {
        if (tokenType == ERC3525) {
            // The whole token moves into escrow; the commitment's value is not checked against it.
            IERC3525(ercAddress).transferFrom(msg.sender, address(this), tokenId);
        } else if (tokenType == ERC1155) {
            IERC1155(ercAddress).safeTransferFrom(msg.sender, address(this), tokenId, value, "");
        } else if (tokenType == ERC721) {
            require(value == 0, "ERC721 tokens should have a value of zero");
            IERC721(ercAddress).safeTransferFrom(msg.sender, address(this), tokenId, "");
        } else if (tokenType == ERC20) {
            require(tokenId == 0, "ERC20 tokens should have a tokenId of 0");
            require(IERC20(ercAddress).transferFrom(msg.sender, address(this), value), "ERC20 transfer failed");
        } else {
            revert escrowFundsError();
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
            require(!nullified[nullifier], "Rollup proof verification failed");
            nullified[nullifier] = true;
        }
    }
}
