// Plumbing shared by the harness and the doubles (see lib/README.md); decides no verdict.
// A lock for short critical sections shared by processes on one machine, by proper-lockfile: the lock is a directory
// `<path>.lock` (mkdir is atomic on every filesystem we run on) whose mtime its holder refreshes while it holds it; a
// lock left unrefreshed for STALE_MS (its holder crashed) is taken over.
import lockfile from 'proper-lockfile';
import pRetry, { AbortError } from 'p-retry';

/** A crashed holder delays the next taker at most this long; a live holder refreshes every STALE_MS / 2. */
export const STALE_MS = 5_000;

export interface FileLockOptions {
  /** How long to wait for a holder that is alive (the critical sections last milliseconds). */
  timeoutMs?: number;
}

class LockBusy extends Error {
  override readonly name = 'LockBusy';
}

/** Runs `body` while holding the lock on `path` (the file itself need not exist), then releases it. */
export async function withFileLock<T>(
  path: string,
  body: () => Promise<T>,
  { timeoutMs = 10_000 }: FileLockOptions = {},
): Promise<T> {
  let compromised: Error | undefined;
  const options = {
    realpath: false,
    stale: STALE_MS,
    // Default: throw from a timer (an uncaught exception); instead the critical section's caller is told.
    onCompromised: (error: Error) => void (compromised = error),
  };
  const release = await pRetry(
    async () => {
      try {
        return await lockfile.lock(path, options);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ELOCKED')
          throw new LockBusy(`${path}.lock is held by another process`);
        throw new AbortError(error as Error);
      }
    },
    { retries: Number.POSITIVE_INFINITY, minTimeout: 10, maxTimeout: 200, factor: 1.5, maxRetryTime: timeoutMs },
  ).catch((error: unknown) => {
    if (error instanceof LockBusy) {
      throw new Error(
        `${error.message} for more than ${timeoutMs} ms; a crashed holder's lock is taken over after ${STALE_MS} ms`,
      );
    }
    throw error;
  });
  try {
    const result = await body();
    if (compromised) throw new Error(`the lock on ${path} was lost while held: ${compromised.message}`);
    return result;
  } finally {
    await release().catch(() => undefined); // already released when compromised
  }
}
