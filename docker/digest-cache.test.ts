import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DigestCache } from './digest-cache';

let dir: string;
let computations: number;
let cache: DigestCache;
const compute = (digest: string) => async () => {
  computations++;
  return { digest, inputs: ['input.txt'] };
};

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'digest-cache-'));
  await writeFile(join(dir, 'input.txt'), 'one');
  computations = 0;
  cache = new DigestCache(join(dir, 'cache'), dir);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('DigestCache', () => {
  it('computes once while the inputs are unchanged', async () => {
    expect(await cache.digest('k', compute('d1'))).toBe('d1');
    expect(await cache.digest('k', compute('d2'))).toBe('d1');
    expect(computations).toBe(1);
  });

  it('recomputes when an input changes', async () => {
    await cache.digest('k', compute('d1'));
    await writeFile(join(dir, 'input.txt'), 'two');
    await utimes(join(dir, 'input.txt'), new Date(), new Date(Date.now() + 5_000));
    expect(await cache.digest('k', compute('d2'))).toBe('d2');
  });

  it('recomputes when an input is gone', async () => {
    await cache.digest('k', compute('d1'));
    await rm(join(dir, 'input.txt'));
    const fromAnotherInput = async () => {
      computations++;
      await writeFile(join(dir, 'moved.txt'), 'one');
      return { digest: 'd2', inputs: ['moved.txt'] };
    };
    expect(await cache.digest('k', fromAnotherInput)).toBe('d2');
    expect(computations).toBe(2);
  });

  it('keeps keys apart', async () => {
    await cache.digest('k', compute('d1'));
    expect(await cache.digest('other', compute('d3'))).toBe('d3');
  });
});
