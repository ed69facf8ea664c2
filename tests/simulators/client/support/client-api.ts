// The client API in the words the tests use: derive keys, submit operations with a fresh request id, read statuses,
// commitments and balances, and bounded waits on them (fixtures/waits; no sleeps).
import { randomUUID } from 'node:crypto';
import { generateMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english';
import { expect } from 'vitest';
import { z } from 'zod';
import { waitFor } from '../../../../fixtures/waits';
import { call, type RawResponse } from './http';

export const CHILD_PATH = "m/44'/60'/0'/0/0";

/** An amount as the API wants it: 64 hex digits, no 0x. */
export const hex64 = (n: bigint | number): string => BigInt(n).toString(16).padStart(64, '0');
export const ZERO_TOKEN_ID = hex64(0);

export const newMnemonic = (): string => generateMnemonic(english, 256);

const KeySetSchema = z.object({
  root_key: z.string(),
  nullifier_key: z.string(),
  zkp_private_key: z.string(),
  zkp_public_key: z.string(),
});

export async function deriveKeys(url: string, mnemonic: string): Promise<z.infer<typeof KeySetSchema>> {
  const response = await call(url, 'POST', '/v1/deriveKey', { json: { mnemonic, child_path: CHILD_PATH } });
  expect(response.status, response.text).toBe(200);
  return KeySetSchema.parse(JSON.parse(response.text));
}

export type Operation = 'deposit' | 'transfer' | 'withdraw';

/** POSTs an operation with a fresh X-Request-ID and expects the 202; returns the id. */
export async function submit(url: string, operation: Operation, body: unknown): Promise<string> {
  const id = randomUUID();
  const response = await call(url, 'POST', `/v1/${operation}`, { json: body, headers: { 'X-Request-ID': id } });
  expect(response.status, response.text).toBe(202);
  return id;
}

const RequestStatusSchema = z.object({ status: z.string(), uuid: z.string(), child_request_args: z.string().optional() });
export type RequestStatusBody = z.infer<typeof RequestStatusSchema>;

export async function requestStatus(url: string, id: string): Promise<RequestStatusBody | RawResponse> {
  const response = await call(url, 'GET', `/v1/request/${id}`);
  return response.status === 200 ? RequestStatusSchema.parse(JSON.parse(response.text)) : response;
}

const TERMINAL = new Set(['Failed', 'Confirmed']);

/** Waits until the request's status is one of `wanted`; fails early if it ends in another terminal status. */
export async function waitForStatus(url: string, id: string, wanted: string[], timeoutMs = 60_000): Promise<RequestStatusBody> {
  const state = await waitFor({
    what: `request ${id} to be ${wanted.join(' or ')}`,
    timeoutMs,
    probe: () => requestStatus(url, id),
    isDone: (s) => 'uuid' in s && wanted.includes(s.status),
    failIf: (s) => ('uuid' in s && TERMINAL.has(s.status) && !wanted.includes(s.status) ? `it is ${s.status}` : undefined),
    backoff: { initialMs: 100, maxMs: 500 },
  });
  return state as RequestStatusBody;
}

const CommitmentSchema = z.object({
  preimage: z.object({
    value: z.string(),
    nf_token_id: z.string(),
    nf_slot_id: z.string(),
    public_key: z.string(),
    salt: z.object({ type: z.enum(['Transfer', 'Deposit']), value: z.unknown() }),
  }),
  status: z.enum(['PendingSpend', 'Spent', 'PendingCreation', 'Unspent']),
  _id: z.string(),
  nullifier: z.string(),
  token_type: z.string().optional(),
  layer_1_transaction_hash: z.string().nullable(),
  layer_2_block_number: z.number().nullable(),
});
export type CommitmentEntry = z.infer<typeof CommitmentSchema>;

export async function commitments(url: string): Promise<CommitmentEntry[]> {
  const response = await call(url, 'GET', '/v1/commitments');
  expect(response.status).toBe(200);
  return z.array(CommitmentSchema).parse(JSON.parse(response.text));
}

export async function waitForCommitments(
  url: string,
  what: string,
  isDone: (cs: CommitmentEntry[]) => boolean,
  timeoutMs = 60_000,
): Promise<CommitmentEntry[]> {
  return waitFor({ what, timeoutMs, probe: () => commitments(url), isDone, backoff: { initialMs: 100, maxMs: 500 } });
}

/** The L2 balance, or undefined for the API's 404 "No such token". */
export async function balance(url: string, ercAddress: string, tokenId = ZERO_TOKEN_ID): Promise<bigint | undefined> {
  const response = await call(url, 'GET', `/v1/balance/${ercAddress}/${tokenId}`);
  if (response.status === 404 && response.text === 'No such token') return undefined;
  expect(response.status, response.text).toBe(200);
  expect(response.text).toMatch(/^[0-9a-f]{64}$/);
  return BigInt(`0x${response.text}`);
}

export async function waitForBalance(url: string, ercAddress: string, expected: bigint, timeoutMs = 60_000): Promise<void> {
  await waitFor({
    what: `L2 balance of ${ercAddress} to be ${expected}`,
    timeoutMs,
    probe: () => balance(url, ercAddress),
    isDone: (b) => b === expected,
    backoff: { initialMs: 100, maxMs: 500 },
  });
}

export interface DepositOptions {
  readonly value: bigint;
  readonly fee?: bigint;
  readonly depositFee?: bigint;
}

export function erc20DepositBody(token: string, o: DepositOptions) {
  return {
    ercAddress: token,
    tokenId: ZERO_TOKEN_ID,
    tokenType: '0',
    value: hex64(o.value),
    fee: hex64(o.fee ?? 0n),
    deposit_fee: hex64(o.depositFee ?? 0n),
  };
}

export function transferBody(token: string, recipientKey: string, value: bigint, fee = 0n) {
  return {
    ercAddress: token,
    tokenId: ZERO_TOKEN_ID,
    recipientData: { values: [hex64(value)], recipientCompressedZkpPublicKeys: [recipientKey] },
    fee: hex64(fee),
  };
}

/** recipientAddress as the seed requires: the 20-byte address left-padded to 64 hex digits, no 0x. */
export function withdrawBody(token: string, recipient: string, value: bigint, fee = 0n) {
  return {
    ercAddress: token,
    tokenId: ZERO_TOKEN_ID,
    tokenType: '0',
    value: hex64(value),
    recipientAddress: recipient.slice(2).toLowerCase().padStart(64, '0'),
    fee: hex64(fee),
  };
}

/** The seed's de-escrow body: the withdraw's fields with the same values, plus the salt. */
export function deEscrowBody(token: string, recipient: string, value: bigint, salt: string, fee = 0n) {
  return { ...withdrawBody(token, recipient, value, fee), withdrawFundSalt: salt };
}
