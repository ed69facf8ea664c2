// The plume build's WebSocket "reconnect task" (lib/src/lib.rs:33-39 and lib/src/wallets.rs:102-125 @
// plume_testnet_client 4e84c58): when the blockchain connection is first made it prints (println!, stdout, no time
// stamp, whatever the log level) "Spawning reconnect task for WebSocket client...", logs "Blockchain client
// initialized and reconnect task started.", then prints "connection is alive: true" every 3 s for as long as the
// process runs — about 1,200 lines an hour. master 6ee83be has neither line (its lib/src/wallets.rs has no such task).
// Not modelled: a dropped socket ("connection is alive: false", then the task's own panic at wallets.rs:115).
import type { Logger } from '../../../lib/env-logger';

const ALIVE_EVERY_MS = 3_000;

export interface ConnectionAliveTask {
  stop(): void;
}

export function startConnectionAliveTask(println: (line: string) => void, log: Logger): ConnectionAliveTask {
  println('Spawning reconnect task for WebSocket client...');
  const say = () => println('connection is alive: true');
  say(); // the loop prints before its first sleep
  const timer = setInterval(say, ALIVE_EVERY_MS);
  timer.unref();
  log.info('Blockchain client initialized and reconnect task started.');
  return { stop: () => clearInterval(timer) };
}
