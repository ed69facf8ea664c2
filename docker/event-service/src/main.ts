// Container entry of the devnet's event-delivery service: settings from the environment, then serve until
// SIGTERM/SIGINT.
import { SettingsError } from '../../lib/settings';
import { createLogger } from '../../lib/env-logger';
import { closeOnTermination } from '../../lib/termination';
import { startEventService } from './service';
import { loadEventServiceSettings } from './settings';

const log = createLogger('event_service');

async function main(): Promise<void> {
  const settings = loadEventServiceSettings();
  const service = await startEventService(settings, { port: settings.port });
  closeOnTermination({
    close: () => service.close(),
    onSignal: (signal) => log.info(`Received ${signal}, shutting down`),
  });
}

main().catch((error: unknown) => {
  // SettingsError messages name variables, never values, so the API key cannot appear here.
  log.error(error instanceof SettingsError ? error.message : `Event service failed to start: ${String(error)}`);
  process.exit(1);
});
