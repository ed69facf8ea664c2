// Crash-safe replacement of a file: write a sibling temp file, flush it to disk, rename it over the target. A reader
// (or the next start) sees either the old or the new content, never a torn write.
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function writeFileAtomically(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.tmp-${process.pid}`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
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
