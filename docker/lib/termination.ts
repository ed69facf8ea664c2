// How every simulator ends on `docker stop`/`docker restart` (SIGTERM) or Ctrl-C (SIGINT): the first signal runs its
// close() — a client persists its store there — and the process exits 0 when close() has finished, 1 if it failed.
//
// The listeners stay registered (`process.on`, never `once`) for as long as the process lives. write-file-atomic
// (lib/files/atomic-write.ts) registers signal-exit's handlers while a write is in flight, and signal-exit's SIGTERM
// handler, when it finds itself the only listener left, unloads and re-raises the signal — the default action, an
// immediate exit (signal-exit 4.1.0, dist/cjs/index.js: `listeners.length === count` then `process.kill(pid, sig)`).
// A `once` listener has already been removed when signal-exit's runs, so a SIGTERM that landed during a store write
// killed the client before its close() persisted anything: the client-restart scenario lost a received commitment
// whenever a write was under way at the restart (more often the busier the machine).

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;
type TerminationSignal = (typeof SIGNALS)[number];

export interface TerminationHandlers {
  /** Ends the service; the process exits once it settles. */
  close(): Promise<void>;
  /** Told of the signal that started the shutdown. */
  onSignal?(signal: TerminationSignal): void;
  /** Told why close() failed, before the process exits with status 1. */
  onFailure?(error: unknown): void;
}

/** Closes the service on the first SIGTERM or SIGINT, then exits; later signals change nothing. */
export function closeOnTermination(handlers: TerminationHandlers): void {
  let closing = false;
  const terminate = (signal: TerminationSignal) => {
    if (closing) return;
    closing = true;
    handlers.onSignal?.(signal);
    handlers.close().then(
      () => process.exit(0),
      (error: unknown) => {
        handlers.onFailure?.(error);
        process.exit(1);
      },
    );
  };
  for (const signal of SIGNALS) process.on(signal, () => terminate(signal));
}
