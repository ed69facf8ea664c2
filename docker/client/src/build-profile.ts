// Every difference between the two client builds the simulator can be (NF4_SIM_CLIENT_BUILD), in one place. plume =
// branch `plume_testnet_client` `4e84c58` (2025-10-09), the test network's (docs/client-api.md); head = master
// `6ee83be` (2026-03-04); each field below names where the behaviour comes from. Paths are in
// EYBlockchain/nightfall_4_CE; "@ plume" = plume_testnet_client 4e84c58, "@ master" = master 6ee83be.
import { TokenType, type TokenTypeName } from '../../contracts/abi';
import { compressPublicKey } from '../../lib/crypto/curve';
import type { ZkpKeys } from '../../lib/crypto/keys';
import { toHex64 } from '../../lib/field';
import type { ClientBuild } from '../../lib/settings';

/**
 * What a deposit's tokenType code becomes: a standard (`defaulted` = an unknown code silently taken as ERC-20, with a
 * warning), or the head build's FeeToken deposit, which hits a `todo!()`.
 */
type DepositTokenType = { readonly standard: TokenStandard; readonly defaulted: boolean } | 'unsupported-fee-token';

/** The token standards a deposit can be (the fee token cannot be deposited as such). */
export type TokenStandard = Exclude<TokenTypeName, 'FeeToken'>;

/**
 * The gas limit each L1 transaction of the client is sent with. The fee caps are the same on both builds (max fee
 * = 2 × eth_gasPrice, priority fee = eth_gasPrice; chain/l1.ts), so a node accepts a transaction only from a sender
 * holding gasLimit × 2 × gasPrice (+ value): these limits decide what "too little native coin" means.
 */
export interface GasLimits {
  readonly escrow: bigint;
  readonly deEscrow: bigint;
  /** Per standard; an unknown deposit token type is approved as ERC-20. */
  readonly approve: Readonly<Record<TokenStandard, bigint>>;
}

/**
 * What the build's contract bindings decode `getTokenInfo` into: plume's (address, id), head's (address, id,
 * tokenType). Each build decodes with its own shape whatever the deployed contracts answer (chain/token-info.ts).
 */
export type TokenInfoShape = 'address-id' | 'address-id-type';

export interface BuildProfile {
  readonly name: ClientBuild;
  /** plume reads and requires X-Request-ID; head ignores it and makes a UUID v4 (commits 5bce1a0, 09acdd2). */
  readonly requestIds: 'client-supplied' | 'server-generated';
  /** Body of POST /v1/deriveKey: the full ZKPKeys before 538c8f2, only the public key after. */
  deriveKeyResponse(keys: ZkpKeys): Record<string, string>;
  /**
   * plume prints a derivation's BIP39 seed and root key to stdout (nightfall_client/src/drivers/derive_key.rs:150,153
   * @ plume_testnet_client 4e84c58); head's lib/src/derive_key.rs @ master 6ee83be prints neither.
   */
  readonly printsKeyDerivation: boolean;
  /** POST /v1/de-escrow exists until 6ee83be; head de-escrows by itself when a withdraw is confirmed. */
  readonly deEscrow: 'route' | 'automatic';
  /**
   * head keeps the withdraw's DeEscrowDataReq as `child_request_args` on the request
   * (drivers/rest/client_nf_3.rs:885-910 @ master).
   */
  readonly childRequestArgs: boolean;
  /** head's CommitmentEntry has `token_type` (d3dee74). */
  readonly commitmentTokenType: boolean;
  /** head records `layer_2_block_number` when a block confirms a commitment; plume sets only the L1 hash. */
  readonly recordsLayer2BlockNumber: boolean;
  /** head stores received commitments with their L1 hash and L2 number; plume stores them with nulls. */
  readonly receivedCommitmentsCarryLocation: boolean;
  /** Key of a deposit commitment's nullifier Poseidon(key, c): plume the nullifier key; head Poseidon(s1, s2, s3, domain) (99efb26). */
  readonly depositNullifier: 'nullifier-key' | 'deposit-secret';
  /**
   * getTokenInfo's return shape in the build's bindings. head reads it for GET /v1/token/{id} (adding `token_type`),
   * for every change output it stores (drivers/rest/client_operation.rs:74 @ master) and for every commitment it
   * receives (driven/event_handlers/nightfall_event.rs:440 @ master); plume only for GET /v1/token/{id}
   * (drivers/rest/token_info.rs:32 @ plume).
   */
  readonly tokenInfoReturns: TokenInfoShape;
  /** tokenType code → token standard, as each build's `From<u8> for TokenType` maps it. */
  depositTokenType(code: number): DepositTokenType;
  /**
   * Whether a transfer or withdraw that fails after its inputs were reserved puts them back to Unspent (and deletes
   * the change it stored). head does (drivers/rest/client_nf_3.rs:518-543,659-697 transfer, :756-781,912-947
   * withdraw @ master). plume never does: selection marks them PendingSpend (services/commitment_selection.rs:53-68
   * @ plume) and nothing after it undoes that (client_nf_3.rs:483-509,596-605 transfer, :659-686,777-786 withdraw;
   * drivers/rest/client_operation.rs:64-98 stores the change PendingCreation before proving @ plume).
   */
  readonly rollsBackReservations: boolean;
  /**
   * A transfer to the identity point: head refuses it before selecting inputs (client_nf_3.rs:493-499 @ master).
   * plume accepts the key (its deserialisation checks curve and subgroup only, client_nf_3.rs:468-475 @ plume),
   * reserves the inputs, and fails when proving: the circuit requires is_neutral(recipient) == withdraw_flag
   * (driven/plonk_prover/circuits/unified_circuit.rs:194-210 @ plume), checked before proving
   * (driven/plonk_prover/plonk_proof.rs:70) and reported as a proving error (services/client_operation.rs:194-197).
   */
  readonly identityRecipient: 'refused-before-selection' | 'refused-by-the-circuit';
  readonly gasLimits: GasLimits;
  /**
   * When the queue worker checks that the listener has caught up (and restarts a lagging one): plume once per loop
   * turn, even with nothing queued — about once a second while idle (driven/queue.rs:64-75,115 @ plume); head for
   * each request it takes, after logging "Processing request" (driven/queue.rs:62-83 @ master).
   */
  readonly syncCheck: 'every-turn' | 'per-request';
  /** plume prints "connection is alive: true" every 3 s (chain/connection-alive.ts); head does not. */
  readonly connectionAliveLines: boolean;
}

const STANDARDS: Record<number, TokenStandard> = {
  [TokenType.ERC20]: 'ERC20',
  [TokenType.ERC1155]: 'ERC1155',
  [TokenType.ERC721]: 'ERC721',
  [TokenType.ERC3525]: 'ERC3525',
};

/** Unknown codes silently become ERC-20 with a warning (lib/src/shared_entities.rs:207-222). */
function standardOrErc20(code: number): DepositTokenType {
  const standard = STANDARDS[code];
  return standard ? { standard, defaulted: false } : { standard: 'ERC20', defaulted: true };
}

const plume: BuildProfile = {
  name: 'plume',
  requestIds: 'client-supplied',
  printsKeyDerivation: true,
  deriveKeyResponse: (keys) => ({
    root_key: toHex64(keys.rootKey),
    nullifier_key: toHex64(keys.nullifierKey),
    zkp_private_key: toHex64(keys.zkpPrivateKey),
    zkp_public_key: compressPublicKey(keys.zkpPublicKey),
  }),
  deEscrow: 'route',
  childRequestArgs: false,
  commitmentTokenType: false,
  recordsLayer2BlockNumber: false,
  receivedCommitmentsCarryLocation: false,
  depositNullifier: 'nullifier-key',
  tokenInfoReturns: 'address-id', // nightfall_contract.rs:413-425 @ plume; Nightfall.sol:542-547 @ plume_testnet_deployer
  depositTokenType: standardOrErc20, // plume has no FeeToken variant: 4 is "unknown" too
  rollsBackReservations: false,
  identityRecipient: 'refused-by-the-circuit',
  gasLimits: {
    escrow: 5_000_000n, // driven/contract_functions/nightfall_contract.rs:139 @ plume
    deEscrow: 500_000_000n, // nightfall_contract.rs:309 @ plume
    approve: {
      // driven/contract_functions/token_contracts.rs @ plume
      ERC20: 5_000_000n, // :55
      ERC721: 500_000_000n, // :168
      ERC1155: 500_000_000n, // :245
      ERC3525: 500_000_000n, // :389
    },
  },
  syncCheck: 'every-turn',
  connectionAliveLines: true,
};

const head: BuildProfile = {
  name: 'head',
  requestIds: 'server-generated',
  printsKeyDerivation: false,
  deriveKeyResponse: (keys) => ({ zkp_public_key: compressPublicKey(keys.zkpPublicKey) }),
  deEscrow: 'automatic',
  childRequestArgs: true,
  commitmentTokenType: true,
  recordsLayer2BlockNumber: true,
  receivedCommitmentsCarryLocation: true,
  depositNullifier: 'deposit-secret',
  tokenInfoReturns: 'address-id-type', // nightfall_contract.rs:331-344 @ master; Nightfall.sol:562-567 @ master
  depositTokenType: (code) => (code === TokenType.FeeToken ? 'unsupported-fee-token' : standardOrErc20(code)),
  rollsBackReservations: true,
  identityRecipient: 'refused-before-selection',
  gasLimits: {
    escrow: 5_000_000n, // driven/contract_functions/nightfall_contract.rs:89 @ master
    deEscrow: 5_000_000n, // nightfall_contract.rs:205 @ master
    approve: {
      // driven/contract_functions/token_contracts.rs @ master
      ERC20: 5_000_000n, // :60
      ERC721: 5_000_000n, // :148
      ERC1155: 5_000_000n, // :233
      ERC3525: 500_000_000n, // :318
    },
  },
  syncCheck: 'per-request',
  connectionAliveLines: false,
};

export function buildProfile(name: ClientBuild): BuildProfile {
  return name === 'plume' ? plume : head;
}
