// Hands a ClientTransaction to every registered proposer (the real process_transaction_offchain,
// EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/drivers/rest/client_operation.rs:166-320): the
// URL list is read on chain (RoundRobin.get_proposers), all are tried concurrently, each up to 3 attempts with 500 ms
// then 1 s between them, retrying only network errors and 502/503/504. One 2xx is enough.
import pRetry, { AbortError } from 'p-retry';
import { request } from 'undici';
import type { Logger } from '../../../lib/env-logger';
import type { ClientTransaction } from '../../../lib/block-codec';
import type { OnChainProposer } from '../chain/l1';

const ATTEMPTS = 3;
const FIRST_BACKOFF_MS = 500;
const RETRIABLE_STATUSES = new Set([502, 503, 504]);

/** One proposer's final answer: accepted, or why not and whether it was a retriable (unreachable-type) failure. */
type ProposerOutcome =
  { readonly ok: true } | { readonly ok: false; readonly reason: string; readonly retriable: boolean };

export type SubmissionResult =
  | { readonly kind: 'accepted' }
  /** Every proposer failed and at least one with a retriable error: the real client marks ProposerUnreachable. */
  | { readonly kind: 'unreachable'; readonly reasons: string[] }
  /** Every proposer rejected the transaction. */
  | { readonly kind: 'rejected'; readonly reasons: string[] };

class RetriableStatus extends Error {}
/** p-retry rethrows an AbortError's wrapped error, so the non-retriable answer needs its own class. */
class ProposerRejected extends Error {}

async function sendToProposer(url: string, body: string, id: string, log: Logger): Promise<ProposerOutcome> {
  let target: string;
  try {
    target = new URL('/v1/transaction', url).toString(); // Url::join with an absolute path replaces the path
  } catch (error) {
    log.warn(`Skipping proposer with invalid URL ${url}: ${(error as Error).message}`);
    return { ok: false, reason: `Invalid URL: ${(error as Error).message}`, retriable: false };
  }
  try {
    await pRetry(
      async () => {
        const response = await request(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        const text = await response.body.text();
        if (response.statusCode >= 200 && response.statusCode < 300) return;
        log.error(`${id} Error from proposer: HTTP ${response.statusCode} — Body: ${text}`);
        const message = `Proposer returned HTTP ${response.statusCode}: ${text}`;
        if (RETRIABLE_STATUSES.has(response.statusCode)) throw new RetriableStatus(message);
        throw new AbortError(new ProposerRejected(message));
      },
      {
        retries: ATTEMPTS - 1,
        minTimeout: FIRST_BACKOFF_MS,
        factor: 2,
        randomize: false,
        onFailedAttempt: ({ error, retriesLeft }) => {
          if (retriesLeft > 0) log.warn(`${id} Retrying proposer ${url}: ${error.message}`);
        },
      },
    );
    log.debug(`${id} Successfully sent transaction to proposer at ${target}`);
    return { ok: true };
  } catch (error) {
    if (error instanceof ProposerRejected) return { ok: false, reason: error.message, retriable: false };
    const reason = error instanceof RetriableStatus ? error.message : `Network error: ${(error as Error).message}`;
    return { ok: false, reason, retriable: true };
  }
}

export async function submitToProposers(
  proposers: readonly OnChainProposer[],
  transaction: ClientTransaction,
  id: string,
  log: Logger,
): Promise<SubmissionResult> {
  log.info(`${id} Sending client transaction to all proposers concurrently.`);
  const body = JSON.stringify(transaction);
  const outcomes = await Promise.all(proposers.map((p) => sendToProposer(p.url, body, id, log)));
  if (outcomes.some((o) => o.ok)) return { kind: 'accepted' };
  const failures = outcomes.filter((o): o is Extract<ProposerOutcome, { ok: false }> => !o.ok);
  for (const f of failures) log.warn(`${id} Proposer error: ${f.reason}`);
  const reasons = failures.map((f) => f.reason);
  return failures.some((f) => f.retriable) ? { kind: 'unreachable', reasons } : { kind: 'rejected', reasons };
}
