// The harness's dependency rules hold on the tree as it is (.dependency-cruiser.cjs: no cycles, no reach into the
// devnet's doubles or into scenarios/tests, fixtures/ layered): `npm test` fails on a new violation, not only
// `npm run lint:deps`. The same command as the npm script, run once.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const FOLDERS = ['fixtures', 'scenarios', 'scripts', 'lib'].filter((folder) => existsSync(folder));

describe('the dependency rules', () => {
  it('find no violation in fixtures/, scenarios/, scripts/ (and lib/ when it exists)', async () => {
    const run = await promisify(execFile)('node_modules/.bin/depcruise', [...FOLDERS, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {
      maxBuffer: 16 * 1024 * 1024,
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? '' }),
    );
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/no dependency violations found/);
  }, 60_000);
});
