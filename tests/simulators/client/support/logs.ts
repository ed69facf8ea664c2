// A client container's log reaches the harness on a stream of its own: under load it trails the API's answer and the
// webhook delivery, so a test that reads a line the worker wrote waits for it (bounded) instead of reading at once.
import { waitFor } from '../../../../fixtures/waits';

interface Logging {
  readonly logs: readonly string[];
}

/** Waits for the first line that `matches` (a substring or a test) and returns its index in the log. */
export async function loggedAt(
  client: Logging,
  matches: string | ((line: string) => boolean),
  timeoutMs = 30_000,
): Promise<number> {
  const test = typeof matches === 'string' ? (line: string) => line.includes(matches) : matches;
  const what = typeof matches === 'string' ? `the client to log "${matches}"` : 'the client to log the awaited line';
  return waitFor({ what, timeoutMs, probe: () => client.logs.findIndex(test), isDone: (found) => found >= 0 });
}

/** Waits for the first line that `matches` and returns it. */
export async function loggedLine(
  client: Logging,
  matches: string | ((line: string) => boolean),
  timeoutMs?: number,
): Promise<string> {
  return client.logs[await loggedAt(client, matches, timeoutMs)]!;
}

/** The worker's reason for failing request `id` (its "Error processing request" line, logged after the Failed). */
export const failureReason = (client: Logging, id: string): Promise<string> =>
  loggedLine(client, `${id} Error processing request`);
