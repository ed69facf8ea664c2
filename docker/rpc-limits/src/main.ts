// Container entry of the devnet's limiting JSON-RPC endpoint: settings from the environment, then serve until
// SIGTERM/SIGINT.
import { createLogger } from '../../lib/env-logger';
import { closeOnTermination } from '../../lib/termination';
import { SettingsError } from '../../lib/settings';
import { startRpcLimits } from './service';
import { loadRpcLimitsSettings, RPC_LIMITS_PORT } from './settings';

const log = createLogger('rpc_limits');

async function main(): Promise<void> {
  const settings = loadRpcLimitsSettings();
  const service = await startRpcLimits(settings, { port: RPC_LIMITS_PORT, log });
  log.info(
    `Serving ${settings.upstreamUrl} on port ${service.port}: eth_getLogs over at most ${settings.maxLogRange} blocks and ` +
      `${settings.maxLogResults} logs, ${settings.requestsPerSecond} requests/s with bursts of ${settings.burst}`,
  );
  closeOnTermination({
    close: () => service.close(),
    onSignal: (signal) => log.info(`Received ${signal}, shutting down`),
  });
}

main().catch((error: unknown) => {
  log.error(error instanceof SettingsError ? error.message : `rpc-limits failed to start: ${String(error)}`);
  process.exit(1);
});
