// One test that fails the way the harness's waits fail: a timeout inside a step, after logging a registered secret.
import { it } from 'vitest';
import { createLogger } from '../../../fixtures/log';
import { step } from '../../../fixtures/report';
import { Secret } from '../../../fixtures/secrets/secret';
import { waitFor } from '../../../fixtures/waits';
import { FAILING, SECRET_ENV } from './shared';

it('waits for a confirmation that never comes', async () => {
  const key = new Secret(process.env[SECRET_ENV]!);
  createLogger('e2e::spec').debug(`the key of this test: ${key.reveal()}`);
  await step(FAILING.step, async () => {
    await waitFor({
      what: FAILING.what,
      timeoutMs: 300,
      probe: (): string => FAILING.lastSeen,
      isDone: (state) => state === 'status Confirmed',
      diagnose: () => FAILING.diagnosis,
    });
  });
});
