// The dependency rules can fail. `npm run lint:deps` (part of `npm run lint`, run by `npm test`) checks the tree as it
// is; this test plants one violation of each rule in a scratch tree, next to the arrows the rules must allow (lib/
// imported from every side), and runs .dependency-cruiser.cjs over it: each planted violation is reported, nothing else.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

const REPO = resolve(import.meta.dirname, '..');

/** Each scratch module and what it imports. */
const TREE: Record<string, string[]> = {
  'lib/http/plumbing.ts': [],
  // Allowed: everything may import lib/.
  'fixtures/secrets/secret.ts': ['../../lib/http/plumbing'],
  'scenarios/round-trip.spec.ts': ['../lib/http/plumbing', '../fixtures/secrets/secret'],
  'scripts/tool.ts': ['../lib/http/plumbing'],
  'tests/support/doubles/double.ts': ['../../../lib/http/plumbing'],
  'docker/client/src/server.ts': ['../../../lib/http/plumbing'],
  'docker/images.ts': ['../lib/http/plumbing'],
  'fixtures/network/images.ts': ['../../docker/images'],
  // Allowed: the target picks the testnet's machinery; scripts and tests use it directly.
  'fixtures/testnet/target/profile.ts': [],
  'fixtures/target/current-target.ts': ['../testnet/target/profile'],
  'scripts/e2e.ts': ['../fixtures/testnet/target/profile'],
  // Violations, one per rule.
  'lib/files/reaches-up.ts': ['../../fixtures/secrets/secret'],
  'fixtures/users/reaches-into-double.ts': ['../../docker/client/src/server'],
  'fixtures/run/reaches-into-scenario.ts': ['../../scenarios/round-trip.spec'],
  'fixtures/run/reaches-into-test.test.ts': ['../../tests/unit.test'],
  'tests/unit.test.ts': [],
  'fixtures/no-such-layer/module.ts': ['../secrets/secret'],
  'fixtures/no-such-layer/leaf.ts': [],
  'fixtures/users/reaches-unknown-folder.ts': ['../no-such-layer/leaf'],
  'fixtures/secrets/reaches-up.ts': ['../console/reporter'],
  'fixtures/console/reporter.ts': [],
  'fixtures/users/reaches-into-testnet.ts': ['../testnet/target/profile'],
  'scenarios/reaches-into-testnet.spec.ts': ['../fixtures/testnet/target/profile'],
  'fixtures/log/one.ts': ['./other'],
  'fixtures/log/other.ts': ['./one'],
};

const Violations = z.object({
  summary: z.object({
    violations: z.array(z.object({ from: z.string(), to: z.string(), rule: z.object({ name: z.string() }) })),
  }),
});

describe('the dependency rules (.dependency-cruiser.cjs)', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'dependency-rules-'));
    await writeFile(
      join(root, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }),
    );
    for (const [path, imports] of Object.entries(TREE)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(
        join(root, path),
        [
          ...imports.map((from, i) => `import * as m${i} from '${from}';`),
          `export const uses = [${imports.map((_, i) => `m${i}`).join(', ')}];`,
          '',
        ].join('\n'),
      );
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('report each planted violation, and lib/ imported from fixtures, scenarios, scripts, tests and docker is none', async () => {
    const run = await promisify(execFile)(
      join(REPO, 'node_modules/.bin/depcruise'),
      [
        'lib',
        'fixtures',
        'scenarios',
        'scripts',
        'tests',
        'docker',
        '--config',
        join(REPO, '.dependency-cruiser.cjs'),
        '--output-type',
        'json',
      ],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
    ).then(
      ({ stdout }) => stdout,
      (error: { stdout?: string }) => error.stdout ?? '',
    );
    const found = Violations.parse(JSON.parse(run)).summary.violations.map(
      ({ rule, from, to }) => `${rule.name}: ${from} → ${to}`,
    );
    expect(found.sort()).toEqual(
      [
        'lib-is-the-lowest-layer: lib/files/reaches-up.ts → fixtures/secrets/secret.ts',
        'harness-not-into-doubles: fixtures/users/reaches-into-double.ts → docker/client/src/server.ts',
        'fixtures-not-into-scenarios-or-tests: fixtures/run/reaches-into-scenario.ts → scenarios/round-trip.spec.ts',
        'fixtures-test-only-support: fixtures/run/reaches-into-test.test.ts → tests/unit.test.ts',
        'fixtures-folder-has-a-layer: fixtures/no-such-layer/module.ts → fixtures/secrets/secret.ts',
        'fixtures-folder-has-a-layer-as-import: fixtures/users/reaches-unknown-folder.ts → fixtures/no-such-layer/leaf.ts',
        'layer-base: fixtures/secrets/reaches-up.ts → fixtures/console/reporter.ts',
        'no-circular: fixtures/log/one.ts → fixtures/log/other.ts',
        'testnet-behind-the-target: fixtures/users/reaches-into-testnet.ts → fixtures/testnet/target/profile.ts',
        'testnet-behind-the-target: scenarios/reaches-into-testnet.spec.ts → fixtures/testnet/target/profile.ts',
      ].sort(),
    );
  }, 60_000);
});
