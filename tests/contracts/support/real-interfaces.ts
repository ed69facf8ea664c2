// The real contracts' interfaces, per generation, for the entries the devnet's abi.ts declares or stands in for:
// written by hand from the sources (EYBlockchain/nightfall_4_CE, blockchain_assets/contracts/), never from abi.ts,
// in the type-level form abi-matches-sources.test.ts compares (parameter names do not matter, types and mutability
// do; a struct is its tuple). `plume` = branch plume_testnet_deployer @ 0326e57, `head` = master @ 6ee83be.
import type { ContractGeneration } from '../../../docker/contracts/abi';

const WITHDRAW_DATA = '(uint256,address,uint256,uint256)';
const BLOCK = '(uint256,uint256,uint256,(uint256,uint256[4],uint256[4],uint256[4])[],bytes)';
const PROPOSER = '(uint256,address,string,address,address)';

/** Nightfall.sol; `:line` of plume / head. */
const nightfallBoth = [
  'constructor() nonpayable', // :100 / :105 (a UUPS implementation; the proxy is set up by initialize)
  'function initialize(uint256,uint256,uint256,int256,address,address,address) nonpayable returns ()', // :127-135 / :132-140
  'function set_proposer_manager(address) nonpayable returns ()', // :178-182 / :183-187
  `function propose_block(${BLOCK}) nonpayable returns ()`, // :188 / :193
  'function escrow_funds(uint256,address,uint256,uint256,uint256,uint8) payable returns ()', // :410-417 / :427-434
  `function descrow_funds(${WITHDRAW_DATA},uint8) payable returns ()`, // :553-556 / :573-576
  `function withdraw_processed(${WITHDRAW_DATA}) view returns (bool)`, // :741-746 / :772-777
  'function layer2_block_number() view returns (int256)', // :117 / :122
  'event BlockProposed(int256 indexed)', // :104 / :109
  'event DepositEscrowed(uint256,uint256)', // :105 / :110
  'error escrowFundsError()', // :86 / :90
];

/** RoundRobin.sol and ProposerManager.sol; `:line` of plume / head. */
const roundRobinBoth = [
  'constructor() nonpayable', // a UUPS implementation like Nightfall
  'function bootstrapDefaultProposer(address,string,address) payable returns ()', // :91-95 / :98-102
  'function add_proposer(string) payable returns ()', // :154-156 / :179-181
  'function remove_proposer() nonpayable returns ()', // :208 / :233
  'function rotate_proposer() nonpayable returns ()', // :143 / :154
  `function get_proposers() view returns (${PROPOSER}[])`, // :281-285 / :303-307
  'function get_current_proposer_address() view returns (address)', // :272-276 / :294-298
  'function STAKE() view returns (uint256)', // :28 / :28
  'function ROTATION_BLOCKS() view returns (uint256)', // :32 / :32
  'function FINALIZATION_BLOCKS() view returns (uint256)', // :51 / :53 (a constant, 64)
  'function start_l1_block() view returns (uint256)', // :45 / :47
  'function proposer_count() view returns (uint256)', // :47 / :49
  'function pending_withdraws(address) view returns (uint256)', // :37 / :39
  'function withdraw(uint256) nonpayable returns ()', // :303 / :325
  `event ProposerRotated(${PROPOSER})`, // ProposerManager.sol:16 in both
];

/** X509/X509.sol and X509/Allowlist.sol (identical in both generations where listed). */
const x509Both = [
  'constructor() nonpayable', // X509.sol (UUPS implementation)
  'function x509Check(address) view returns (bool)', // X509.sol:595 / :591
  'function enableAllowlisting(bool) nonpayable returns ()', // Allowlist.sol:39
  'function owner() view returns (address)', // Allowlist.sol:6 (public variable)
  // addUserToAllowlist is internal (Allowlist.sol:35): the real X509 allowlists only after validating a certificate.
];

export const realInterfaces: Record<ContractGeneration, { Nightfall: string[]; RoundRobin: string[]; X509: string[] }> =
  {
    plume: {
      Nightfall: [...nightfallBoth, 'function getTokenInfo(uint256) view returns (address,uint256)'], // :542-547
      RoundRobin: roundRobinBoth,
      X509: x509Both,
    },
    head: {
      Nightfall: [...nightfallBoth, 'function getTokenInfo(uint256) view returns (address,uint256,uint8)'], // :562-567
      RoundRobin: [...roundRobinBoth, 'function skip_inactive_proposer() nonpayable returns ()'], // :350
      X509: x509Both,
    },
  };
