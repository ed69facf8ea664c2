// What the client knows about one commitment (the real client's CommitmentEntry,
// EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/driven/db/mongo.rs:294-313), in domain form. The
// JSON the API returns is produced by ./entry-json.ts; what the store writes to disk by ../store/schema.ts.
import type { Hex } from 'viem';
import type { DepositSecret, CommitmentPreimage } from '../../../lib/crypto/commitment';
import { commitmentHash, depositSecretHash } from '../../../lib/crypto/commitment';
import { IDENTITY, type Point } from '../../../lib/crypto/curve';
import type { TokenTypeName } from '../../../contracts/abi';

export const COMMITMENT_STATUSES = ['PendingSpend', 'Spent', 'PendingCreation', 'Unspent'] as const;
export type CommitmentStatus = (typeof COMMITMENT_STATUSES)[number];

/** The real client's `Salt` enum: a transfer salt, or the three secrets behind a deposit's secret hash. */
export type Salt =
  { readonly type: 'Transfer'; readonly value: bigint } | { readonly type: 'Deposit'; readonly value: DepositSecret };

export interface Preimage {
  readonly value: bigint;
  readonly nfTokenId: bigint;
  readonly nfSlotId: bigint;
  readonly publicKey: Point;
  readonly salt: Salt;
}

export interface CommitmentRecord {
  /** The commitment hash: the `_id`. */
  readonly hash: bigint;
  readonly preimage: Preimage;
  readonly status: CommitmentStatus;
  readonly nullifier: bigint;
  /** Only the head build records it (since 2026-02-16). */
  readonly tokenType: TokenTypeName | null;
  /** The propose_block transaction that put it on chain. */
  readonly layer1TransactionHash: Hex | null;
  readonly layer2BlockNumber: number | null;
}

/** The value the commitment hash uses as salt: a transfer salt as is, a deposit's secret hash. */
function saltValue(salt: Salt): bigint {
  return salt.type === 'Transfer' ? salt.value : depositSecretHash(salt.value);
}

function toCryptoPreimage(p: Preimage): CommitmentPreimage {
  return {
    nfTokenId: p.nfTokenId,
    nfSlotId: p.nfSlotId,
    value: p.value,
    publicKey: p.publicKey,
    salt: saltValue(p.salt),
  };
}

export function preimageHash(p: Preimage): bigint {
  return commitmentHash(toCryptoPreimage(p));
}

/**
 * `Preimage::default()`: all zero, owner = identity. The real client uses it for absent inputs and for zero-value
 * outputs, and maps its hash to requests — a hash that never appears on chain (why a fee-less exact withdraw never
 * confirms: EYBlockchain/nightfall_4_CE @ master 6ee83be :
 * nightfall_client/src/drivers/rest/client_operation.rs:60-67).
 */
export const DEFAULT_PREIMAGE: Preimage = {
  value: 0n,
  nfTokenId: 0n,
  nfSlotId: 0n,
  publicKey: IDENTITY,
  salt: { type: 'Transfer', value: 0n },
};

export function isDefaultPreimage(p: Preimage): boolean {
  return (
    p.value === 0n &&
    p.nfTokenId === 0n &&
    p.nfSlotId === 0n &&
    p.publicKey.x === IDENTITY.x &&
    p.publicKey.y === IDENTITY.y &&
    saltValue(p.salt) === 0n
  );
}
