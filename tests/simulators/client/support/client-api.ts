// The client API in the words the tests use, over the harness's own typed client (fixtures/api): fresh mnemonics,
// submissions the client must queue, and bounded waits on request states, commitments and balances (fixtures/waits;
// no sleeps).
import { generateMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english';
import type { Address } from 'viem';
import { expect } from 'vitest';
import {
  NightfallApiError,
  type CommitmentEntry,
  type DepositBody,
  type NightfallClient,
  type QueuedRequest,
  type RequestState,
  type RequestStatus,
  type SubmitOptions,
  type TransferBody,
  type WithdrawBody,
} from '../../../../fixtures/api';
import { Secret } from '../../../../fixtures/secrets/secret';
import { describeValue, waitFor } from '../../../../fixtures/waits';

/** 24 words, as the real client requires. */
export const newMnemonic = (): Secret<string> => new Secret(generateMnemonic(english, 256));

/** A value-moving request: the endpoint and its body (built with fixtures/api's builders, maybe one field overridden). */
export type Submission =
  | { readonly operation: 'deposit'; readonly body: DepositBody }
  | { readonly operation: 'transfer'; readonly body: TransferBody }
  | { readonly operation: 'withdraw'; readonly body: WithdrawBody };

export function send(api: NightfallClient, submission: Submission, options?: SubmitOptions): Promise<QueuedRequest> {
  switch (submission.operation) {
    case 'deposit':
      return api.deposit(submission.body, options);
    case 'transfer':
      return api.transfer(submission.body, options);
    case 'withdraw':
      return api.withdraw(submission.body, options);
  }
}

/** The id to poll of an accepted request, after checking it was queued as the real client queues: 202 `Request queued`. */
export function queuedId(queued: QueuedRequest): string {
  expect([queued.httpStatus, queued.message]).toEqual([202, 'Request queued']);
  return queued.requestId;
}

/** Sends a submission that the client must queue; returns the id to poll. */
export async function submit(api: NightfallClient, submission: Submission, options?: SubmitOptions): Promise<string> {
  return queuedId(await send(api, submission, options));
}

const TERMINAL: readonly RequestState[] = ['Failed', 'Confirmed'];
const BACKOFF = { initialMs: 100, maxMs: 500 };

/** Waits until the request is in one of `wanted`; fails at once if it ends in another terminal state. */
export async function waitForStatus(
  api: NightfallClient,
  id: string,
  wanted: readonly RequestState[],
  timeoutMs = 60_000,
): Promise<RequestStatus> {
  return waitFor({
    what: `request ${id} to be ${wanted.join(' or ')}`,
    timeoutMs,
    probe: () => api.requestStatus(id),
    isDone: (s) => wanted.includes(s.status),
    failIf: (s) => (TERMINAL.includes(s.status) && !wanted.includes(s.status) ? `it is ${s.status}` : undefined),
    backoff: BACKOFF,
  });
}

export async function waitForCommitments(
  api: NightfallClient,
  what: string,
  isDone: (cs: CommitmentEntry[]) => boolean,
  timeoutMs = 60_000,
): Promise<CommitmentEntry[]> {
  return waitFor({ what, timeoutMs, probe: () => api.commitments(), isDone, backoff: BACKOFF });
}

/** Waits until the unspent L2 balance of the ERC-20 `token` is `expected` raw units. */
export async function waitForBalance(
  api: NightfallClient,
  token: Address,
  expected: bigint,
  timeoutMs = 60_000,
): Promise<void> {
  await waitFor({
    what: `L2 balance of ${token} to be ${expected}`,
    timeoutMs,
    probe: () => api.balance(token),
    isDone: (b) => b.raw === expected,
    backoff: BACKOFF,
  });
}

/** The NightfallApiError a call must fail with (an answer with an unexpected status, or none at all). */
export async function apiFailure(call: Promise<unknown>): Promise<NightfallApiError> {
  const outcome = await call.then(
    (value: unknown) => ({ resolved: value }),
    (error: unknown) => ({ rejected: error }),
  );
  if ('resolved' in outcome)
    throw new Error(`expected the call to fail, but it resolved with ${describeValue(outcome.resolved)}`);
  expect(outcome.rejected).toBeInstanceOf(NightfallApiError);
  return outcome.rejected as NightfallApiError;
}
