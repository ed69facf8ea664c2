// Plumbing shared by the harness and the doubles (see lib/README.md); decides no verdict.
// Crash-safe replacement of a file, by write-file-atomic (temp file in the same directory, fsync, rename; the temp file
// is removed when anything fails): a reader, in this process or another, sees the old content or the new, never half.
import { mkdirSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

export interface AtomicWriteOptions {
  /** Permission bits of the new file (e.g. 0o600); by default an existing file's mode is kept. */
  mode?: number;
}

/** Replaces (or creates) `path` with `content` atomically; missing parent directories are created. */
export async function writeFileAtomically(
  path: string,
  content: string | Buffer,
  options: AtomicWriteOptions = {},
): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, content, { fsync: true, ...(options.mode === undefined ? {} : { mode: options.mode }) });
}

/** The same for synchronous callers (e.g. a build step run from a postinstall script). */
export function writeFileAtomicallySync(
  path: string,
  content: string | Buffer,
  options: AtomicWriteOptions = {},
): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic.sync(path, content, { fsync: true, ...(options.mode === undefined ? {} : { mode: options.mode }) });
}

/** The file's text, or undefined when it does not exist yet. */
export async function readFileIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
