// Talking to a running proposer as a client does (undici), and making client transactions with valid mock proofs.
import { request, type Dispatcher } from 'undici';
import { buildClientTransaction, type ClientTransaction, type Words4 } from '../../../../docker/lib/block-codec';
import { randomFieldElement } from '../../../../docker/lib/crypto/commitment';
import type { Log } from '../../../../docker/proposer/src/log';

export interface Reply {
  status: number;
  body: string;
}

export async function call(url: string, method: Dispatcher.HttpMethod = 'GET', body?: unknown): Promise<Reply> {
  const reply = await request(url, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return { status: reply.statusCode, body: await reply.body.text() };
}

/** A body that is not (or not declared as) JSON. */
export async function postRaw(url: string, text: string, contentType: string): Promise<Reply> {
  const reply = await request(url, { method: 'POST', body: text, headers: { 'content-type': contentType } });
  return { status: reply.statusCode, body: await reply.body.text() };
}

export const postTransaction = (proposerUrl: string, tx: unknown) => call(`${proposerUrl}/v1/transaction`, 'POST', tx);

export async function blockdata(proposerUrl: string): Promise<number> {
  const reply = await call(`${proposerUrl}/v1/blockdata`);
  if (reply.status !== 200) throw new Error(`GET /v1/blockdata answered ${reply.status} ${reply.body}`);
  return JSON.parse(reply.body) as number;
}

/** A transfer-shaped transaction with fresh random commitments and nullifiers (the proposer keeps no trees). */
export function transferTransaction(opts: { fee?: bigint; nullifiers?: Words4 } = {}): ClientTransaction {
  return buildClientTransaction({
    fee: opts.fee ?? 0n,
    historicCommitmentRoots: [0n, 0n, 0n, 0n],
    commitments: [randomFieldElement(), randomFieldElement(), 0n, 0n],
    nullifiers: opts.nullifiers ?? [randomFieldElement(), 0n, 0n, 0n],
    cipherText: [randomFieldElement(), randomFieldElement(), randomFieldElement(), randomFieldElement(), 1n],
  });
}

export const firstNullifier = (tx: ClientTransaction): bigint => BigInt(`0x${tx.nullifiers[0]}`);

/**
 * In-process proposers check rotations for finality every 200 ms (polling an unfinalised one every 100 ms) rather
 * than upstream's 5 s and 2 s, so that a block is not held seconds per test; the rule itself is unchanged.
 */
export const FAST_FINALITY = { intervalMs: 200, pollMs: 100 } as const;

/** Keeps the proposer's lines for assertions. */
export interface RecordingLog extends Log {
  readonly lines: string[];
  /** What the proposer println!s outside its log (the finality check's "additional confirmations required"). */
  readonly printed: string[];
  readonly println: (line: string) => void;
}

export function recordingLog(): RecordingLog {
  const lines: string[] = [];
  const printed: string[] = [];
  return {
    lines,
    printed,
    println: (line) => void printed.push(line),
    info: (m) => void lines.push(`INFO ${m}`),
    warn: (m) => void lines.push(`WARN ${m}`),
    error: (m) => void lines.push(`ERROR ${m}`),
  };
}
