// Container entry of the simulated proposer: settings from the NF4_* environment, then serve until SIGTERM/SIGINT.
import { createLogger } from '../../lib/env-logger';
import { closeOnTermination } from '../../lib/termination';
import { loadProposerSettings, SettingsError } from '../../lib/settings';
import { startProposer } from './proposer';

const log = createLogger('nightfall_proposer');

async function main(): Promise<void> {
  const settings = loadProposerSettings();
  const proposer = await startProposer(settings, { port: settings.port });
  closeOnTermination({
    close: () => proposer.close(),
    onSignal: (signal) => log.info(`Received ${signal}, shutting down`),
  });
}

main().catch((error: unknown) => {
  // SettingsError messages name variables, never values, so the signing key cannot appear here.
  log.error(error instanceof SettingsError ? error.message : `Proposer failed to start: ${String(error)}`);
  process.exit(1);
});
