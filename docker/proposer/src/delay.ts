import { setTimeout as sleep } from 'node:timers/promises';

/** Waits `ms`, returning early (without throwing) when `signal` aborts: the proposer's loops just stop. */
export async function delay(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}
