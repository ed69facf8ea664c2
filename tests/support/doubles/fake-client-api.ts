// Test support: the fake client of a build and the harness's API client to it, both closed when the calling test
// finishes (vitest's onTestFinished runs them last registered first), so a test file keeps no list of cleanups.
import { onTestFinished } from 'vitest';
import { NightfallClient, type NightfallClientOptions } from '../../../fixtures/api/client';
import { startFakeNightfallClient, type ClientBuild, type FakeNightfallClient } from './fake-nightfall-client';

/** Call it from inside a test. The API client is named 'alice' unless `options` names it. */
export async function fakeClientWithApi(
  build: ClientBuild,
  options: Partial<NightfallClientOptions> = {},
): Promise<{ fake: FakeNightfallClient; api: NightfallClient }> {
  const fake = await startFakeNightfallClient(build);
  onTestFinished(() => fake.close());
  const api = new NightfallClient({ baseUrl: fake.url, name: 'alice', ...options });
  onTestFinished(() => api.close());
  return { fake, api };
}
