// The on-disk form of the client's store (one JSON document). Numbers that are field elements or hashes are hex
// strings; the schema turns them back into bigints, so a corrupt or foreign file fails loudly at start-up.
import type { Hex } from 'viem';
import { z } from 'zod';
import { COMMITMENT_STATUSES, type CommitmentRecord } from '../commitments/model';

const Word = z
  .string()
  .regex(/^[0-9a-f]{1,64}$/, 'expected lowercase hex without 0x')
  .transform((s) => BigInt(`0x${s}`));
const word = (x: bigint): string => x.toString(16);
const TxHash = z.string().regex(/^0x[0-9a-f]{64}$/) as z.ZodType<`0x${string}`>;

const SaltSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Transfer'), value: Word }),
  z.object({
    type: z.literal('Deposit'),
    value: z.object({ preimageOne: Word, preimageTwo: Word, preimageThree: Word }),
  }),
]);

const CommitmentSchema = z.object({
  hash: Word,
  preimage: z.object({
    value: Word,
    nfTokenId: Word,
    nfSlotId: Word,
    publicKey: z.object({ x: Word, y: Word }),
    salt: SaltSchema,
  }),
  status: z.enum(COMMITMENT_STATUSES),
  nullifier: Word,
  tokenType: z.enum(['ERC20', 'ERC1155', 'ERC721', 'ERC3525', 'FeeToken']).nullable(),
  layer1TransactionHash: TxHash.nullable(),
  layer2BlockNumber: z.number().int().nonnegative().nullable(),
});

const RequestSchema = z.object({
  uuid: z.string(),
  status: z.enum(['Queued', 'Submitted', 'Failed', 'Processing', 'ProposerUnreachable', 'Confirmed']),
  childRequestArgs: z.string().optional(),
});

const MappingSchema = z.object({ requestId: z.string(), commitmentHash: z.string() });

/** What the client keeps of a processed L2 block (the real `blocks` collection; not dropped at start-up). */
export interface StoredBlock {
  readonly layer2BlockNumber: number;
  readonly l1TransactionHash: Hex;
  /** Every commitment of the block, zeros included, 64 hex. */
  readonly commitments: string[];
}

const StoredBlockSchema = z.object({
  layer2BlockNumber: z.number().int().nonnegative(),
  l1TransactionHash: TxHash,
  commitments: z.array(z.string()),
});

const STORE_FORMAT_VERSION = 1;

const StoreFileSchema = z.object({
  version: z.literal(STORE_FORMAT_VERSION),
  commitments: z.array(CommitmentSchema),
  requests: z.array(RequestSchema),
  requestCommitmentMappings: z.array(MappingSchema),
  blocks: z.array(StoredBlockSchema),
});
export type RequestRecord = z.infer<typeof RequestSchema>;
export type RequestStatus = RequestRecord['status'];
export type RequestCommitmentMapping = z.infer<typeof MappingSchema>;

function commitmentToFile(c: CommitmentRecord): z.input<typeof CommitmentSchema> {
  const p = c.preimage;
  return {
    hash: word(c.hash),
    preimage: {
      value: word(p.value),
      nfTokenId: word(p.nfTokenId),
      nfSlotId: word(p.nfSlotId),
      publicKey: { x: word(p.publicKey.x), y: word(p.publicKey.y) },
      salt:
        p.salt.type === 'Transfer'
          ? { type: 'Transfer', value: word(p.salt.value) }
          : {
              type: 'Deposit',
              value: {
                preimageOne: word(p.salt.value.preimageOne),
                preimageTwo: word(p.salt.value.preimageTwo),
                preimageThree: word(p.salt.value.preimageThree),
              },
            },
    },
    status: c.status,
    nullifier: word(c.nullifier),
    tokenType: c.tokenType,
    layer1TransactionHash: c.layer1TransactionHash,
    layer2BlockNumber: c.layer2BlockNumber,
  };
}

export interface StoreContents {
  commitments: CommitmentRecord[];
  requests: RequestRecord[];
  requestCommitmentMappings: RequestCommitmentMapping[];
  blocks: StoredBlock[];
}

export function serialiseStore(s: StoreContents): string {
  const file: z.input<typeof StoreFileSchema> = {
    version: STORE_FORMAT_VERSION,
    commitments: s.commitments.map(commitmentToFile),
    requests: s.requests,
    requestCommitmentMappings: s.requestCommitmentMappings,
    blocks: s.blocks,
  };
  return `${JSON.stringify(file, null, 1)}\n`;
}

export function parseStore(text: string): StoreContents {
  const file = StoreFileSchema.parse(JSON.parse(text));
  return {
    commitments: file.commitments,
    requests: file.requests,
    requestCommitmentMappings: file.requestCommitmentMappings,
    blocks: file.blocks,
  };
}
