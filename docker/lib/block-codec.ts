// The shapes that travel between client, proposer and the Nightfall contract
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : lib/src/shared_entities.rs:238 ClientTransaction,
// blockchain_assets/contracts/Nightfall.sol:49-88): the ClientTransaction JSON the proposer accepts, the
// OnChainTransaction/Block structs of propose_block, slot kinds, calldata codec and the devnet's mock proofs.
import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  keccak256,
  sliceHex,
  type Address,
  type Hex,
} from 'viem';
import { z } from 'zod';
import { nightfallAbi } from '../contracts/abi';
import { packCompressedSecrets, unpackCompressedSecrets, type Words4, type Words5 } from './crypto/kem';
import { toHex64 } from './field';

export type { Words4, Words5 } from './crypto/kem';

/** A 32-byte word as the wire writes it: 64 hex digits, no 0x (any case accepted, lowercase written). */
const Word = z.string().regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex digits without 0x');
const Words4Schema = z.tuple([Word, Word, Word, Word]);

const ClientProofSchema = z.object({
  proof: z.string(),
  pi_hash: z.string(),
  vk_id: z.string(),
});
type ClientProof = z.infer<typeof ClientProofSchema>;

/** POST <proposer>/v1/transaction body. Unknown extra fields are ignored, as serde does. */
export const ClientTransactionSchema = z.object({
  fee: Word,
  historic_commitment_roots: Words4Schema,
  commitments: Words4Schema,
  nullifiers: Words4Schema,
  compressed_secrets: z.object({ cipher_text: z.tuple([Word, Word, Word, Word, Word]) }),
  proof: ClientProofSchema,
});
export type ClientTransaction = z.infer<typeof ClientTransactionSchema>;

/** Nightfall.sol's OnChainTransaction; field names follow the ABI so values pass straight to viem. */
export interface OnChainTransaction {
  readonly fee: bigint;
  readonly commitments: Words4;
  readonly nullifiers: Words4;
  readonly public_data: Words4;
}

/** Nightfall.sol's Block. */
export interface Block {
  readonly commitments_root: bigint;
  readonly nullifier_root: bigint;
  readonly commitments_root_root: bigint;
  readonly transactions: readonly OnChainTransaction[];
  readonly rollup_proof: Hex;
}

const ZERO4: Words4 = [0n, 0n, 0n, 0n];

/** A padding slot: every field zero. */
export const DUMMY_TRANSACTION: OnChainTransaction = {
  fee: 0n,
  commitments: ZERO4,
  nullifiers: ZERO4,
  public_data: ZERO4,
};

export type SlotKind = 'deposit' | 'transfer' | 'withdraw' | 'dummy';

/**
 * Classifies a slot as the contract does: nullifiers[0] = 0 is a deposit group, which the contract skips as a dummy
 * when public_data[0] = 0 whatever its other words hold (Nightfall.sol:245-282 @ nightfall_4_CE master 6ee83be;
 * fixtures/vectors/propose-block.json, slot 8 of the executed blocks).
 */
export function slotKind(tx: OnChainTransaction): SlotKind {
  if (tx.nullifiers[0] === 0n) return tx.public_data[0] === 0n ? 'dummy' : 'deposit';
  return tx.commitments[0] === 0n ? 'withdraw' : 'transfer';
}

/** What a withdraw slot's public data says, plus its salt (= nullifiers[0]); the key of the contract's claim flag. */
export interface WithdrawData {
  readonly nf_token_id: bigint;
  readonly recipient_address: Address;
  readonly value: bigint;
  readonly withdraw_fund_salt: bigint;
}

/**
 * Withdraw slot public data: [nf_token_id, recipient, value, 0]. The contract keys the claim on
 * address(uint160(recipient)), dropping higher bits (Nightfall.sol:356-364 @ master; vector: slot 7 of the executed blocks).
 */
export function withdrawDataOf(tx: OnChainTransaction): WithdrawData {
  if (slotKind(tx) !== 'withdraw') throw new Error(`not a withdraw slot: ${slotKind(tx)}`);
  const [nfTokenId, recipient, value] = tx.public_data;
  return {
    nf_token_id: nfTokenId,
    recipient_address: getAddress(`0x${(recipient & ((1n << 160n) - 1n)).toString(16).padStart(40, '0')}`),
    value,
    withdraw_fund_salt: tx.nullifiers[0],
  };
}

export function encodeProposeBlock(block: Block): Hex {
  return encodeFunctionData({ abi: nightfallAbi, functionName: 'propose_block', args: [block] });
}

/** Decodes propose_block calldata (the input of the tx that emitted BlockProposed); throws for any other call. */
export function decodeProposeBlock(calldata: Hex): Block {
  const call = decodeFunctionData({ abi: nightfallAbi, data: calldata });
  if (call.functionName !== 'propose_block')
    throw new Error(`expected propose_block calldata, got ${call.functionName}`);
  const [block] = call.args;
  return block;
}

const word = (hex: string): bigint => BigInt(`0x${hex}`);
const words4 = (ws: readonly [string, string, string, string]): Words4 => [
  word(ws[0]),
  word(ws[1]),
  word(ws[2]),
  word(ws[3]),
];

/** The slot a ClientTransaction becomes: the 5 secret words pack into 4 public-data words. */
export function clientTransactionToOnChain(tx: ClientTransaction): OnChainTransaction {
  const c = tx.compressed_secrets.cipher_text;
  return {
    fee: word(tx.fee),
    commitments: words4(tx.commitments),
    nullifiers: words4(tx.nullifiers),
    public_data: packCompressedSecrets([word(c[0]), word(c[1]), word(c[2]), word(c[3]), word(c[4])]),
  };
}

/** The public inputs a mock proof commits to: those of the slot the transaction becomes. */
type MockProofInputs = OnChainTransaction;

/** vk_id of mock proofs; anything else is rejected. */
const MOCK_VK_ID = 'mock';

function publicInputsHash(inputs: MockProofInputs): string {
  const encoded = encodeAbiParameters(
    [{ type: 'uint256' }, { type: 'uint256[4]' }, { type: 'uint256[4]' }, { type: 'uint256[4]' }],
    [inputs.fee, inputs.commitments, inputs.nullifiers, inputs.public_data],
  );
  return keccak256(encoded).slice(2);
}

/**
 * Stands in for the client's UltraPlonk proof (docs/devnet.md, "How faithful…"): keccak256 of the public inputs.
 */
function mockProof(inputs: MockProofInputs): ClientProof {
  const hash = publicInputsHash(inputs);
  return { proof: hash, pi_hash: hash, vk_id: MOCK_VK_ID };
}

/** The proposer's check: the proof matches the transaction's own public inputs. */
export function verifyMockProof(tx: ClientTransaction): boolean {
  const expected = mockProof(clientTransactionToOnChain(tx));
  return (
    tx.proof.vk_id === expected.vk_id &&
    tx.proof.proof.toLowerCase() === expected.proof &&
    tx.proof.pi_hash.toLowerCase() === expected.pi_hash
  );
}

export interface ClientTransactionParts {
  readonly fee: bigint;
  readonly historicCommitmentRoots: Words4;
  readonly commitments: Words4;
  readonly nullifiers: Words4;
  /** Transfer: the KEM's 5 words; withdraw: [nf_token_id, recipient, value, 0, 0]. */
  readonly cipherText: Words5;
}

/** Builds the wire form with its mock proof. */
export function buildClientTransaction(parts: ClientTransactionParts): ClientTransaction {
  const hex4 = (ws: Words4) => ws.map(toHex64) as [string, string, string, string];
  const onChain: OnChainTransaction = {
    fee: parts.fee,
    commitments: parts.commitments,
    nullifiers: parts.nullifiers,
    public_data: packCompressedSecrets(parts.cipherText),
  };
  return {
    fee: toHex64(parts.fee),
    historic_commitment_roots: hex4(parts.historicCommitmentRoots),
    commitments: hex4(parts.commitments),
    nullifiers: hex4(parts.nullifiers),
    compressed_secrets: {
      cipher_text: unpackCompressedSecrets(onChain.public_data).map(toHex64) as [
        string,
        string,
        string,
        string,
        string,
      ],
    },
    proof: mockProof(onChain),
  };
}

/** rollup_proof as the devnet's MockVerifier reads it: abi.encode(feeSum) first, the rest ignored. */
export function mockRollupProof(feeSum: bigint): Hex {
  return encodeAbiParameters([{ type: 'uint256' }], [feeSum]);
}

/** The fee sum a rollup proof claims (its first 32 bytes). */
export function rollupProofFeeSum(rollupProof: Hex): bigint {
  return BigInt(sliceHex(rollupProof, 0, 32));
}
