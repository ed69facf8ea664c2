// The devnet contracts' interfaces, declared once for viem's types. The Solidity sources in ./src implement
// exactly these signatures (tests/contracts/abi-matches-sources.test.ts compares them with solc's output).
// Names and shapes follow the real Nightfall 4 contracts (reference §7) so that the simulators and the harness
// speak to the devnet as they would to the test network.
import { parseAbi } from 'viem';

/** Token standards as the real contracts number them: note 1 = ERC-1155 and 2 = ERC-721 (the seed's table swaps them). */
export const TokenType = { ERC20: 0, ERC1155: 1, ERC721: 2, ERC3525: 3, FeeToken: 4 } as const;
export type TokenTypeName = keyof typeof TokenType;

export const nightfallAbi = parseAbi([
  'struct OnChainTransaction { uint256 fee; uint256[4] commitments; uint256[4] nullifiers; uint256[4] public_data; }',
  'struct Block { uint256 commitments_root; uint256 nullifier_root; uint256 commitments_root_root; OnChainTransaction[] transactions; bytes rollup_proof; }',
  'struct WithdrawData { uint256 nf_token_id; address recipient_address; uint256 value; uint256 withdraw_fund_salt; }',
  'struct DepositCommitment { uint256 nf_token_id; uint256 nf_slot_id; uint256 value; uint256 secret_hash; }',
  'constructor(address x509)',
  'function set_proposer_manager(address proposerManager)',
  'function escrow_funds(uint256 fee, address ercAddress, uint256 tokenId, uint256 value, uint256 secretHash, uint8 token_type) payable',
  'function propose_block(Block blk)',
  'function descrow_funds(WithdrawData data, uint8 token_type)',
  'function withdraw_processed(WithdrawData data) view returns (bool)',
  'function getTokenInfo(uint256 nfTokenId) view returns (address ercAddress, uint256 tokenId, uint8 tokenType)',
  'function layer2_block_number() view returns (int256)',
  'function fee_token_id() view returns (uint256)',
  'function deposit_key(DepositCommitment deposit) pure returns (uint256)',
  'function deposit_escrowed(uint256 key) view returns (bool escrowed, bool redeemed, uint256 fee)',
  'function is_nullified(uint256 nullifier) view returns (bool)',
  'event BlockProposed(int256 indexed layer2_block_number)',
  'event DepositEscrowed(uint256 nfSlotId, uint256 value)',
]);

export const roundRobinAbi = parseAbi([
  'struct Proposer { uint256 stake; address addr; string url; address next_addr; address previous_addr; }',
  'constructor(address x509, uint256 stake, uint256 rotationBlocks)',
  'function bootstrapDefaultProposer(address addr, string url) payable',
  'function add_proposer(string url) payable',
  'function remove_proposer()',
  'function rotate_proposer()',
  'function get_proposers() view returns (Proposer[])',
  'function get_current_proposer_address() view returns (address)',
  'function STAKE() view returns (uint256)',
  'function ROTATION_BLOCKS() view returns (uint256)',
  'function start_l1_block() view returns (uint256)',
  'function proposer_count() view returns (uint256)',
  'function pending_withdraws(address proposer) view returns (uint256)',
  'function withdraw(uint256 amount)',
  'event ProposerRotated(Proposer proposer)',
]);

/** Stands in for the real X509 contract: an owner-managed allowlist behind the same `x509Check` view. */
export const x509Abi = parseAbi([
  'constructor()',
  'function x509Check(address user) view returns (bool)',
  'function addToAllowlist(address user)',
  'function removeFromAllowlist(address user)',
  'function enableAllowlisting(bool enabled)',
  'function owner() view returns (address)',
]);

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
