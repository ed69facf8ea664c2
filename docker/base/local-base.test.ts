import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedLibraries } from './local-base';

describe('sharedLibraries', () => {
  it("lists the host node's libraries and loader as absolute paths that exist", async () => {
    const libraries = await sharedLibraries(process.execPath);
    expect(libraries.some((path) => /\/libc\.so\.6$/.test(path))).toBe(true);
    expect(libraries.some((path) => /\/ld-linux[^/]*\.so\.\d$/.test(path))).toBe(true);
    for (const path of libraries) {
      expect(path.startsWith('/')).toBe(true);
      expect(existsSync(path)).toBe(true);
    }
  });
});
