// Container entry of the simulated proposer: settings from the NF4_* environment, then serve until SIGTERM/SIGINT.
import { createLogger } from '../../lib/env-logger';
import { loadProposerSettings, SettingsError } from '../../lib/settings';
import { startProposer } from './proposer';

const log = createLogger('nightfall_proposer');

async function main(): Promise<void> {
  const settings = loadProposerSettings();
  const proposer = await startProposer(settings, { port: settings.port });
  const shutdown = (signal: string) => {
    log.info(`Received ${signal}, shutting down`);
    proposer.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // SettingsError messages name variables, never values, so the signing key cannot appear here.
  log.error(error instanceof SettingsError ? error.message : `Proposer failed to start: ${String(error)}`);
  process.exit(1);
});
