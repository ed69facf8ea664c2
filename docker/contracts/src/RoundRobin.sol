// SPDX-License-Identifier: CC0-1.0
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Certified} from "./Certified.sol";
import {Proposer, ProposerManager} from "./ProposerManager.sol";

/// @notice Round-robin proposer registry modelled on Nightfall's `RoundRobin`: proposers stake exactly STAKE, each
/// with a unique URL, and form a ring in which the current proposer hands over to the next one after
/// ROTATION_BLOCKS + FINALIZATION_BLOCKS L1 blocks, as upstream's in both generations (rotate_proposer and can_rotate:
/// RoundRobin.sol:143-152,296-300 @ plume_testnet_deployer 0326e57; :154-177,317-322 @ master 6ee83be). Simplified for
/// the devnet: no lazy-proposer penalty (ding), no exit penalty and no re-registration cooldown. One registry serves
/// both generations: where they differ (the head generation's `skip_inactive_proposer`, rotation past
/// proposers short of stake, slashing a stake below the exit penalty) is penalty logic the devnet leaves out.
contract RoundRobin is ProposerManager, Certified, Ownable {
    uint256 public immutable STAKE;
    uint256 public immutable ROTATION_BLOCKS;
    // Added to every turn before anyone may rotate (RoundRobin.sol:51 @ plume_testnet_deployer, :53 @ master).
    uint256 public constant FINALIZATION_BLOCKS = 64;

    mapping(address => Proposer) public proposers;
    mapping(string => bool) public proposer_urls;
    /// Stake of removed proposers, claimable with `withdraw`.
    mapping(address => uint256) public pending_withdraws;

    address private currentAddr;
    uint256 public start_l1_block;
    uint256 public proposer_count;

    constructor(address x509Address, uint256 stake, uint256 rotationBlocks)
        Certified(x509Address)
        Ownable(msg.sender)
    {
        STAKE = stake;
        ROTATION_BLOCKS = rotationBlocks;
    }

    /// Seeds the ring with the first proposer; the owner pays its stake (as the real deployer does).
    function bootstrapDefaultProposer(address addr, string calldata url) external payable onlyOwner {
        require(proposer_count == 0, "Already bootstrapped");
        require(addr != address(0), "Zero address");
        require(msg.value == STAKE, "Wrong stake paid");
        proposers[addr] = Proposer({stake: STAKE, addr: addr, url: url, next_addr: addr, previous_addr: addr});
        proposer_urls[url] = true;
        proposer_count = 1;
        makeCurrent(addr);
    }

    /// Registers the caller; it is inserted just behind the current proposer, so it is the last to take a turn.
    function add_proposer(string calldata url) external payable override onlyCertified {
        require(proposer_count > 0, "Not bootstrapped");
        require(msg.value == STAKE, "Wrong stake paid");
        require(proposers[msg.sender].addr == address(0), "Already a proposer");
        require(!proposer_urls[url], "URL already in use");

        address previousAddr = proposers[currentAddr].previous_addr;
        proposers[msg.sender] =
            Proposer({stake: STAKE, addr: msg.sender, url: url, next_addr: currentAddr, previous_addr: previousAddr});
        proposers[previousAddr].next_addr = msg.sender;
        proposers[currentAddr].previous_addr = msg.sender;
        proposer_urls[url] = true;
        proposer_count++;
    }

    /// Deregisters the caller; its stake becomes claimable with `withdraw`. The current proposer hands over to the
    /// next one in the ring.
    function remove_proposer() external override {
        address leaving = msg.sender;
        require(leaving != address(0) && proposers[leaving].addr == leaving, "Proposer does not exist");
        bool wasCurrent = leaving == currentAddr;
        require(!wasCurrent || proposer_count > 1, "Cannot deregister the only active proposer");

        Proposer storage gone = proposers[leaving];
        address successor = gone.next_addr;
        proposers[successor].previous_addr = gone.previous_addr;
        proposers[gone.previous_addr].next_addr = successor;
        pending_withdraws[leaving] += gone.stake;
        delete proposer_urls[gone.url];
        delete proposers[leaving];
        proposer_count--;
        if (wasCurrent) makeCurrent(successor);
    }

    /// Anyone may rotate once the current proposer has had its ROTATION_BLOCKS plus FINALIZATION_BLOCKS.
    function rotate_proposer() external override {
        require(block.number >= start_l1_block + ROTATION_BLOCKS + FINALIZATION_BLOCKS, "It is not time to rotate the proposer");
        makeCurrent(proposers[currentAddr].next_addr);
    }

    function withdraw(uint256 amount) external {
        require(amount <= pending_withdraws[msg.sender], "Amount exceeds balance");
        pending_withdraws[msg.sender] -= amount;
        (bool sent,) = msg.sender.call{value: amount}("");
        require(sent, "Withdrawal failed");
    }

    function get_current_proposer_address() external view override returns (address) {
        return currentAddr;
    }

    /// The ring in turn order, current proposer first (the list clients post transactions to).
    function get_proposers() external view override returns (Proposer[] memory list) {
        list = new Proposer[](proposer_count);
        if (proposer_count == 0) return list;
        list[0] = proposers[currentAddr];
        for (uint256 i = 1; i < proposer_count; i++) {
            list[i] = proposers[list[i - 1].next_addr];
        }
    }

    function makeCurrent(address addr) private {
        currentAddr = addr;
        start_l1_block = block.number;
        emit ProposerRotated(proposers[addr]);
    }
}
