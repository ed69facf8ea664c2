// Container entry point (bundled to main.mjs, run as `node main.mjs`): reads the NF4_* environment, starts the
// simulated client on port 3000 and shuts it down cleanly on SIGTERM/SIGINT.
import { loadClientSettings, SettingsError } from '../../lib/settings';
import { closeOnTermination } from '../../lib/termination';
import { startClient } from './client';
import { loadPlantedBug } from './planted-bug';
import { loadPlantedLeak } from './planted-leak';
import { loadQuirks } from './quirk-settings';

async function main(): Promise<void> {
  let settings;
  let quirks;
  let plantedLeak;
  let plantedBug;
  try {
    settings = loadClientSettings();
    quirks = loadQuirks();
    plantedLeak = loadPlantedLeak();
    plantedBug = loadPlantedBug();
  } catch (error) {
    if (error instanceof SettingsError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const client = await startClient(settings, { quirks, plantedLeak, plantedBug });
  closeOnTermination({
    close: () => client.close(),
    onFailure: (error) => process.stderr.write(`shutdown failed: ${String(error)}\n`),
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`nightfall client simulator failed to start: ${String(error)}\n`);
  process.exit(1);
});
