// Every difference between the two client builds the simulator can be (NF4_SIM_CLIENT_BUILD), in one place.
// plume = branch `plume_testnet_client` (2025-10-09), the build the seed describes; head = master `6ee83be`
// (2026-03-04). Reference §12.2 lists the timeline; each field below names where the behaviour comes from.
import { TokenType, type TokenTypeName } from '../../contracts/abi';
import { compressPublicKey } from '../../lib/crypto/curve';
import type { ZkpKeys } from '../../lib/crypto/keys';
import { toHex64 } from '../../lib/field';
import type { ClientBuild } from '../../lib/settings';

/**
 * What a deposit's tokenType code becomes: a standard (`defaulted` = an unknown code silently taken as ERC-20, with a
 * warning), or the head build's FeeToken deposit, which hits a `todo!()`.
 */
export type DepositTokenType = { readonly standard: TokenTypeName; readonly defaulted: boolean } | 'unsupported-fee-token';

export interface BuildProfile {
  readonly name: ClientBuild;
  /** plume reads and requires X-Request-ID; head ignores it and makes a UUID v4 (commits 5bce1a0, 09acdd2). */
  readonly requestIds: 'client-supplied' | 'server-generated';
  /** Body of POST /v1/deriveKey: the full ZKPKeys before 538c8f2, only the public key after. */
  deriveKeyResponse(keys: ZkpKeys): Record<string, string>;
  /** POST /v1/de-escrow exists until 6ee83be; head de-escrows by itself when a withdraw is confirmed. */
  readonly deEscrow: 'route' | 'automatic';
  /** head keeps the withdraw's DeEscrowDataReq as `child_request_args` on the request (§4.4). */
  readonly childRequestArgs: boolean;
  /** head's CommitmentEntry has `token_type` (d3dee74). */
  readonly commitmentTokenType: boolean;
  /** head records `layer_2_block_number` when a block confirms a commitment; plume sets only the L1 hash. */
  readonly recordsLayer2BlockNumber: boolean;
  /** head stores received commitments with their L1 hash and L2 number; plume stores them with nulls. */
  readonly receivedCommitmentsCarryLocation: boolean;
  /** Key of a deposit commitment's nullifier Poseidon(key, c): plume the nullifier key; head Poseidon(s1, s2, s3, domain) (99efb26). */
  readonly depositNullifier: 'nullifier-key' | 'deposit-secret';
  /** GET /v1/token/{id}: head adds `token_type` (the contract's third return value). */
  readonly tokenInfoHasType: boolean;
  /** tokenType code → token standard, as each build's `From<u8> for TokenType` maps it. */
  depositTokenType(code: number): DepositTokenType;
}

const STANDARDS: Record<number, TokenTypeName> = {
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
  tokenInfoHasType: false,
  depositTokenType: standardOrErc20, // plume has no FeeToken variant: 4 is "unknown" too
};

const head: BuildProfile = {
  name: 'head',
  requestIds: 'server-generated',
  deriveKeyResponse: (keys) => ({ zkp_public_key: compressPublicKey(keys.zkpPublicKey) }),
  deEscrow: 'automatic',
  childRequestArgs: true,
  commitmentTokenType: true,
  recordsLayer2BlockNumber: true,
  receivedCommitmentsCarryLocation: true,
  depositNullifier: 'deposit-secret',
  tokenInfoHasType: true,
  depositTokenType: (code) => (code === TokenType.FeeToken ? 'unsupported-fee-token' : standardOrErc20(code)),
};

export function buildProfile(name: ClientBuild): BuildProfile {
  return name === 'plume' ? plume : head;
}
