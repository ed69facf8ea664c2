// Digests remembered by the size and modification time of the files they were computed from. The devnet starts far
// more often than its sources change: with this, a start with unchanged sources neither bundles the simulators nor
// hashes the 44 MB anvil binary, it only stats their input files.
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { writeFileAtomically } from '../lib/files/atomic-write';

const CacheEntry = z.object({ digest: z.string(), inputs: z.record(z.string(), z.string()) });
type CacheEntry = z.infer<typeof CacheEntry>;

export interface ComputedDigest {
  digest: string;
  /** Every file the digest depends on (absolute, or relative to the cache's base directory). */
  inputs: readonly string[];
}

export class DigestCache {
  constructor(
    private readonly directory: string,
    /** Relative input paths are resolved against this. */
    private readonly baseDirectory: string,
  ) {}

  /** The digest stored under `key` if none of its inputs changed since; otherwise computes and stores it. */
  async digest(key: string, compute: () => Promise<ComputedDigest>): Promise<string> {
    const file = join(this.directory, `${key}.json`);
    const cached = await this.read(file);
    if (cached && (await this.unchanged(cached))) return cached.digest;
    const { digest, inputs } = await compute();
    const entry: CacheEntry = { digest, inputs: {} };
    for (const input of inputs) entry.inputs[input] = await this.stamp(input);
    // A concurrent reader sees the old entry or the new one, never half of one.
    await writeFileAtomically(file, JSON.stringify(entry));
    return digest;
  }

  private async read(file: string): Promise<CacheEntry | undefined> {
    try {
      return CacheEntry.parse(JSON.parse(await readFile(file, 'utf8')));
    } catch {
      return undefined; // absent or from an older layout: recompute
    }
  }

  private async unchanged(entry: CacheEntry): Promise<boolean> {
    const stamps = await Promise.all(Object.keys(entry.inputs).map((input) => this.stamp(input).catch(() => 'gone')));
    return Object.values(entry.inputs).every((stamp, i) => stamp === stamps[i]);
  }

  private async stamp(input: string): Promise<string> {
    const stats = await stat(resolve(this.baseDirectory, input));
    return `${stats.size}:${stats.mtimeMs}`;
  }
}
