// How a panic in the real client reaches its log. configuration/src/logging.rs:5-6 @ plume_testnet_client 4e84c58 (=
// master 6ee83be) installs log-panics 2.1 (no backtrace feature) before anything else, replacing Rust's default hook:
// a panic is one `error!` line under target `panic`,
//   thread 'tokio-runtime-worker' panicked at '<message>': <file>:<line>
// (every task of the client runs on tokio's worker threads). The task that panicked ends; the rest of the process
// goes on.
import type { ClientBuild } from '../../../lib/settings';
import { LogTarget, type ClientContext } from '../context';

export interface PanicSite {
  readonly file: string;
  readonly line: number;
}

const LISTENER = 'nightfall_client/src/drivers/blockchain/nightfall_event_listener.rs';
const EVENT_HANDLER = 'nightfall_client/src/driven/event_handlers/nightfall_event.rs';

/** Where each build panics, by what it was doing. */
export const PANIC_SITES: Readonly<
  Record<ClientBuild, Readonly<Record<'replay' | 'stream' | 'missingTransaction' | 'pastEvents', PanicSite>>>
> = {
  plume: {
    replay: { file: LISTENER, line: 145 }, // `_ => panic!("Error processing event: {e:?}")` in the past-events loop
    stream: { file: LISTENER, line: 179 }, // the same in the subscription loop
    missingTransaction: { file: EVENT_HANDLER, line: 131 }, // `None => panic!("Transaction not found when looking up calldata")`
    pastEvents: { file: LISTENER, line: 124 }, // `.expect("could not get past events")`
  },
  head: {
    replay: { file: LISTENER, line: 156 },
    stream: { file: LISTENER, line: 190 },
    missingTransaction: { file: EVENT_HANDLER, line: 132 },
    pastEvents: { file: LISTENER, line: 130 }, // not a panic on head: it pages and returns an error (never used)
  },
};

/** Thrown inside a task to end it as a Rust panic ends a tokio task: logged once, by logPanic. */
export class TaskPanic extends Error {
  override readonly name = 'TaskPanic';
  constructor(
    message: string,
    readonly site: PanicSite,
  ) {
    super(message);
  }
}

function panicLine(message: string, site: PanicSite): string {
  return `thread 'tokio-runtime-worker' panicked at '${message}': ${site.file}:${site.line}`;
}

export function logPanic(ctx: Pick<ClientContext, 'log'>, panic: TaskPanic): void {
  ctx.log(LogTarget.panic).error(panicLine(panic.message, panic.site));
}
