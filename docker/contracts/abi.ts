// The devnet contracts' interfaces, declared once for viem's types. The Solidity sources in ./src implement
// exactly these signatures (tests/contracts/abi-matches-sources.test.ts compares them with solc's output, and the
// entries not marked devnet-only with the real contracts' interfaces). Names and shapes follow the real Nightfall 4
// contracts so that the simulators speak to the devnet as they would to the test network.
//
// Two generations of the real contracts are in use (EYBlockchain/nightfall_4_CE): `plume`, the one the test network
// was deployed from (branch plume_testnet_deployer, 0326e57), and `head` (master, 6ee83be). Where their interfaces
// differ (getTokenInfo, the token-type enum) each has its own view here; the rest is shared.
import { parseAbi } from 'viem';

export const contractGenerations = ['plume', 'head'] as const;
export type ContractGeneration = (typeof contractGenerations)[number];

/**
 * Token standards as the head-era contracts number them: note 1 = ERC-1155 and 2 = ERC-721 (the original API brief's
 * table swaps them: docs/client-api.md). `FeeToken` exists on head-era contracts only (`Nightfall.sol:37-43 @ master`).
 */
export const TokenType = { ERC20: 0, ERC1155: 1, ERC721: 2, ERC3525: 3, FeeToken: 4 } as const;
export type TokenTypeName = keyof typeof TokenType;

/** Nightfall entries of both real generations (`Nightfall.sol @ plume_testnet_deployer` and `@ master`). */
const nightfallRealEntries = [
  'struct OnChainTransaction { uint256 fee; uint256[4] commitments; uint256[4] nullifiers; uint256[4] public_data; }',
  'struct Block { uint256 commitments_root; uint256 nullifier_root; uint256 commitments_root_root; OnChainTransaction[] transactions; bytes rollup_proof; }',
  'struct WithdrawData { uint256 nf_token_id; address recipient_address; uint256 value; uint256 withdraw_fund_salt; }',
  'function set_proposer_manager(address proposerManager)',
  'function escrow_funds(uint256 fee, address ercAddress, uint256 tokenId, uint256 value, uint256 secretHash, uint8 token_type) payable',
  'function propose_block(Block blk)',
  'function descrow_funds(WithdrawData data, uint8 token_type) payable',
  'function withdraw_processed(WithdrawData data) view returns (bool)',
  'function layer2_block_number() view returns (int256)',
  'event BlockProposed(int256 indexed layer2_block_number)',
  'event DepositEscrowed(uint256 nfSlotId, uint256 value)',
  'error escrowFundsError()',
] as const;

/**
 * Devnet-only: the real Nightfall is a UUPS proxy set up by `initialize(...)` and has none of these. The constructor
 * deploys the devnet's contract directly; the views serve the simulated proposer, which keeps no deposit or nullifier
 * record of its own, and the devnet tests. Nothing that runs against the test network may call them.
 */
export const nightfallDevnetOnlyEntries = [
  'struct DepositCommitment { uint256 nf_token_id; uint256 nf_slot_id; uint256 value; uint256 secret_hash; }',
  'constructor(address x509)',
  'function fee_token_id() view returns (uint256)',
  'function deposit_key(DepositCommitment deposit) pure returns (uint256)',
  'function deposit_escrowed(uint256 key) view returns (bool escrowed, bool redeemed, uint256 fee)',
  'function is_nullified(uint256 nullifier) view returns (bool)',
] as const;

/** Plume era: two words (`Nightfall.sol:542-547 @ plume_testnet_deployer`). */
const plumeGetTokenInfo = 'function getTokenInfo(uint256 nfTokenId) view returns (address ercAddress, uint256 tokenId)';
/** Head era: three words, the token type last (`Nightfall.sol:562-567 @ master`). */
const headGetTokenInfo =
  'function getTokenInfo(uint256 nfTokenId) view returns (address ercAddress, uint256 tokenId, uint8 tokenType)';

/** The plume-era Nightfall (devnet contract NightfallPlume). */
export const nightfallPlumeAbi = parseAbi([...nightfallRealEntries, plumeGetTokenInfo, ...nightfallDevnetOnlyEntries]);
/** The head-era Nightfall (devnet contract NightfallHead). */
export const nightfallHeadAbi = parseAbi([...nightfallRealEntries, headGetTokenInfo, ...nightfallDevnetOnlyEntries]);
/**
 * The head-era view under its historical name. Everything but `getTokenInfo` is the same on both generations; code
 * that reads `getTokenInfo` must pick its generation's view (`nightfallAbis`).
 * @alias
 */
export const nightfallAbi = nightfallHeadAbi;
export const nightfallAbis = { plume: nightfallPlumeAbi, head: nightfallHeadAbi } as const;

/** RoundRobin entries the real registry has in both generations (`RoundRobin.sol`, `ProposerManager.sol`). */
const roundRobinRealEntries = [
  'struct Proposer { uint256 stake; address addr; string url; address next_addr; address previous_addr; }',
  'function add_proposer(string url) payable',
  'function remove_proposer()',
  'function rotate_proposer()',
  'function get_proposers() view returns (Proposer[])',
  'function get_current_proposer_address() view returns (address)',
  'function STAKE() view returns (uint256)',
  'function ROTATION_BLOCKS() view returns (uint256)',
  'function FINALIZATION_BLOCKS() view returns (uint256)',
  'function start_l1_block() view returns (uint256)',
  'function proposer_count() view returns (uint256)',
  'function pending_withdraws(address proposer) view returns (uint256)',
  'function withdraw(uint256 amount)',
  'event ProposerRotated(Proposer proposer)',
] as const;

/**
 * Devnet-only: the real registry is a proxy set up by `initialize(...)`, and its `bootstrapDefaultProposer` also
 * takes the Nightfall address (`RoundRobin.sol:91-95 @ plume_testnet_deployer`, `:98-102 @ master`).
 */
export const roundRobinDevnetOnlyEntries = [
  'constructor(address x509, uint256 stake, uint256 rotationBlocks)',
  'function bootstrapDefaultProposer(address addr, string url) payable',
] as const;

export const roundRobinAbi = parseAbi([...roundRobinRealEntries, ...roundRobinDevnetOnlyEntries]);

/** X509 entries of the real contract in both generations (`X509/X509.sol`, `X509/Allowlist.sol`). */
const x509RealEntries = [
  // The real implementation's constructor has this shape too; on the test network it sits behind a proxy.
  'constructor()',
  'function x509Check(address user) view returns (bool)',
  'function enableAllowlisting(bool enabled)',
  'function owner() view returns (address)',
] as const;

/**
 * Devnet-only: the devnet's owner allowlists addresses directly, where the real X509 adds a user only after
 * validating a certificate (`addUserToAllowlist` is internal, `X509/Allowlist.sol:35 @ both`).
 */
export const x509DevnetOnlyEntries = [
  'function addToAllowlist(address user)',
  'function removeFromAllowlist(address user)',
] as const;

/** Stands in for the real X509 contract: an owner-managed allowlist behind the same `x509Check` view. */
export const x509Abi = parseAbi([...x509RealEntries, ...x509DevnetOnlyEntries]);

/** The native gas token wrapped as ERC-20 (18 decimals), WETH-style. */
export const wrappedGasAbi = parseAbi([
  'constructor()',
  'function deposit() payable',
  'function withdraw(uint256 amount)',
  'function decimals() view returns (uint8)',
  'function balanceOf(address owner) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Deposit(address indexed dst, uint256 wad)',
  'event Withdrawal(address indexed src, uint256 wad)',
]);

/** The test network's stablecoin stand-in (ERC-20, 6 decimals); the deployer (funder) mints. */
export const stablecoinAbi = parseAbi([
  'constructor()',
  'function mint(address to, uint256 amount)',
  'function decimals() view returns (uint8)',
  'function balanceOf(address owner) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

export const erc721Abi = parseAbi([
  'constructor()',
  'function mint(address to, uint256 tokenId)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address owner) view returns (uint256)',
  'function approve(address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
]);

export const erc1155Abi = parseAbi([
  'constructor()',
  'function mint(address to, uint256 id, uint256 amount)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function setApprovalForAll(address operator, bool approved)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
]);

export const erc3525Abi = parseAbi([
  'constructor()',
  'function mint(address to, uint256 slot, uint256 value) returns (uint256 tokenId)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function slotOf(uint256 tokenId) view returns (uint256)',
  'function balanceOf(uint256 tokenId) view returns (uint256)',
  // ERC-3525 keeps ERC-721's payable approve/transferFrom (plain ERC-721 implementations make them nonpayable).
  'function approve(address to, uint256 tokenId) payable',
  'function transferFrom(address from, address to, uint256 tokenId) payable',
  'function transferFrom(uint256 fromTokenId, address to, uint256 value) payable returns (uint256 newTokenId)',
  'event TransferValue(uint256 indexed fromTokenId, uint256 indexed toTokenId, uint256 value)',
  'event SlotChanged(uint256 indexed tokenId, uint256 indexed oldSlot, uint256 indexed newSlot)',
]);
