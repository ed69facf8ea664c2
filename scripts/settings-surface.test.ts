// The harness's settings surface (issue #27): at most 20 distinct E2E_* environment names are read outside the tests.
// The network's facts live in the testnet profile file, the devnet's in E2E_DEVNET's presets, the scripts' hand-offs in
// E2E_RUN; the environment keeps secrets and a few switches. A name is counted wherever it is written in a source file
// outside tests/ and *.test.ts: a name built at run time (a prefix joined to a suffix) could not be counted, and fails.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAX_NAMES = 20;
/** Where the harness's code lives; tests/ and *.test.ts set names, they do not add settings. */
const SOURCE_DIRS = ['fixtures', 'scripts', 'scenarios', 'lib', 'docker'];
const SOURCE_FILE = /\.(ts|mts|cts|js|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'build', 'dist']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE_FILE.test(entry.name) && !/\.(test|spec)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Every E2E_* token of the harness's source files (and the root configurations), with the files naming it. */
function namesInSource(): Map<string, string[]> {
  const rootConfigs = readdirSync(ROOT)
    .filter((name) => /\.config\.(ts|mjs|cjs)$/.test(name) || name === 'allurerc.mjs')
    .map((name) => join(ROOT, name));
  const names = new Map<string, string[]>();
  for (const file of [...SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))), ...rootConfigs]) {
    for (const [token] of readFileSync(file, 'utf8').matchAll(/\bE2E_[A-Z0-9_]*/g)) {
      // `E2E_` alone is the family (a nested run drops all of them from its environment), not a name.
      if (token === 'E2E_') continue;
      names.set(token, [...new Set([...(names.get(token) ?? []), relative(ROOT, file)])]);
    }
  }
  return names;
}

describe('the settings surface', () => {
  const names = namesInSource();

  it(`reads at most ${MAX_NAMES} distinct E2E_* names outside the tests`, () => {
    const listed = [...names.keys()].sort();
    expect(
      listed.length,
      `${listed.length} names:\n${listed.map((name) => `${name} (${names.get(name)!.join(', ')})`).join('\n')}`,
    ).toBeLessThanOrEqual(MAX_NAMES);
  });

  it('builds no name at run time, so that every name read is counted', () => {
    const prefixes = [...names.entries()]
      .filter(([name]) => name.endsWith('_'))
      .map(([name, files]) => `${name} (${files.join(', ')})`);
    expect(prefixes, 'a name ending in "_" is a prefix joined to something at run time').toEqual([]);
  });
});
