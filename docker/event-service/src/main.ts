// Container entry of the devnet's event-delivery service: settings from the environment, then serve until
// SIGTERM/SIGINT.
import { SettingsError } from '../../lib/settings';
import { createLogger } from '../../lib/env-logger';
import { startEventService } from './service';
import { loadEventServiceSettings } from './settings';

const log = createLogger('event_service');

async function main(): Promise<void> {
  const settings = loadEventServiceSettings();
  const service = await startEventService(settings, { port: settings.port });
  const shutdown = (signal: string) => {
    log.info(`Received ${signal}, shutting down`);
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // SettingsError messages name variables, never values, so the API key cannot appear here.
  log.error(error instanceof SettingsError ? error.message : `Event service failed to start: ${String(error)}`);
  process.exit(1);
});
