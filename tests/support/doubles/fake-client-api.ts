// Test support: the fake client of a build and the harness's API client to it, both closed when the calling test
// finishes (vitest's onTestFinished runs them last registered first), so a test file keeps no list of cleanups.
import { onTestFinished } from 'vitest';
import { NightfallClient, type NightfallClientOptions } from '../../../fixtures/api/client';
import type { TokenUnderTest } from '../../../fixtures/target';
import { startFakeNightfallClient, type ClientBuild, type FakeNightfallClient } from './fake-nightfall-client';

/** The ERC-20 the users of a fake client deal in (the devnet's first deployment address; the fake checks none). */
export const FAKE_CLIENT_DUSD = {
  symbol: 'dUSD',
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  decimals: 6,
  funding: 'mint',
  amounts: { deposit: '10', transfer: '4', withdraw: '3' },
} as const satisfies TokenUnderTest;

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
