import { mkdir, mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STALE_MS, withFileLock } from './file-lock';

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'file-lock-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('withFileLock', () => {
  it('serialises contending critical sections and returns each body’s result', async () => {
    const path = join(dir, 'ledger');
    let inside = 0;
    let maxInside = 0;
    const section = (i: number) =>
      withFileLock(path, async () => {
        inside++;
        maxInside = Math.max(maxInside, inside);
        await new Promise((resolve) => setImmediate(resolve));
        inside--;
        return i;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(section))).toEqual([1, 2, 3, 4, 5]);
    expect(maxInside).toBe(1);
    await expect(stat(`${path}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('releases the lock when the body throws', async () => {
    const path = join(dir, 'ledger');
    await expect(withFileLock(path, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await withFileLock(path, async () => 'again')).toBe('again');
  });

  it('gives up on a live holder after the timeout, saying what it waited for', async () => {
    const path = join(dir, 'ledger');
    await withFileLock(path, async () => {
      await expect(withFileLock(path, async () => 'never', { timeoutMs: 300 })).rejects.toThrow(
        /ledger\.lock is held by another process for more than 300 ms/,
      );
    });
  });

  it('takes over a stale lock left by a crashed holder', async () => {
    const path = join(dir, 'ledger');
    await mkdir(`${path}.lock`); // what a holder that died mid-section leaves
    const old = new Date(Date.now() - STALE_MS - 1_000);
    await utimes(`${path}.lock`, old, old);
    expect(await withFileLock(path, async () => 'taken over', { timeoutMs: 500 })).toBe('taken over');
  });

  it('waits for a fresh lock it cannot prove stale', async () => {
    const path = join(dir, 'ledger');
    await mkdir(`${path}.lock`);
    await expect(withFileLock(path, async () => 'never', { timeoutMs: 200 })).rejects.toThrow(
      /held by another process/,
    );
  });
});
