// A devnet for one test file: started before its tests (beforeAll), stopped after them (afterAll, after the file's own
// teardown), seen as the harness's devnet target. The file reads it through the returned object once started.
import { afterAll, beforeAll } from 'vitest';
import { startDevnet, type Devnet } from '../../fixtures/network';
import { devnetFactsOf, devnetTarget, type DevnetFacts, type Target } from '../../fixtures/target';

export interface DevnetOfFile {
  readonly devnet: Devnet;
  readonly facts: DevnetFacts;
  readonly target: Target;
}

export function devnetPerFile(options: { batchWindowSeconds: number }): DevnetOfFile {
  let started: DevnetOfFile | undefined;
  beforeAll(async () => {
    const devnet = await startDevnet({ batchWindowSeconds: options.batchWindowSeconds });
    const facts = devnetFactsOf(devnet, options.batchWindowSeconds);
    started = { devnet, facts, target: devnetTarget(facts) };
  });
  afterAll(async () => {
    await started?.devnet.stop();
  });
  const get = (): DevnetOfFile => {
    if (!started)
      throw new Error('the devnet of this file is not started: read it inside tests and hooks, not at import');
    return started;
  };
  return {
    get devnet() {
      return get().devnet;
    },
    get facts() {
      return get().facts;
    },
    get target() {
      return get().target;
    },
  };
}
