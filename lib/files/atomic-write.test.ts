import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileIfExists, writeFileAtomically, writeFileAtomicallySync } from './atomic-write';

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'atomic-write-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('writeFileAtomically', () => {
  it('creates missing directories and replaces an existing file whole', async () => {
    const path = join(dir, 'a', 'b', 'state.json');
    await writeFileAtomically(path, 'first');
    await writeFileAtomically(path, 'second');
    expect(await readFile(path, 'utf8')).toBe('second');
    expect(await readdir(join(dir, 'a', 'b'))).toEqual(['state.json']);
  });

  it('leaves no partial file behind when the write fails, and the old content stays', async () => {
    const path = join(dir, 'target');
    await mkdir(path); // a directory cannot be replaced by a file: the final rename fails
    await writeFile(join(path, 'inside'), 'old');
    await expect(writeFileAtomically(path, 'new')).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['target']);
    expect(await readFile(join(path, 'inside'), 'utf8')).toBe('old');
    expect(() => writeFileAtomicallySync(path, 'new')).toThrow();
    expect(await readdir(dir)).toEqual(['target']);
  });

  it('a concurrent reader sees one whole version or another, never a mix', async () => {
    const path = join(dir, 'shared.json');
    const versions = Array.from({ length: 20 }, (_, i) =>
      JSON.stringify({ version: i, padding: 'x'.repeat(64 * 1024) }),
    );
    await writeFileAtomically(path, versions[0]!);
    const reads: string[] = [];
    await Promise.all([
      ...versions.map((v) => writeFileAtomically(path, v)),
      ...versions.map(async () => reads.push(await readFile(path, 'utf8'))),
    ]);
    for (const text of reads) expect(versions).toContain(text);
    expect(await readdir(dir)).toEqual(['shared.json']);
  });

  it('sets the requested mode (private files stay 0600)', async () => {
    const path = join(dir, 'secret');
    await writeFileAtomically(path, 'x', { mode: 0o600 });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    writeFileAtomicallySync(path, 'y', { mode: 0o600 });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('readFileIfExists: undefined for a missing file, the text otherwise', async () => {
    expect(await readFileIfExists(join(dir, 'missing'))).toBeUndefined();
    await writeFileAtomically(join(dir, 'present'), 'text');
    expect(await readFileIfExists(join(dir, 'present'))).toBe('text');
  });
});
