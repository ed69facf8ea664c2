// The skip manifest names scenario files that exist and test patterns that compile: a typo would make a declared skip
// unexpected (a red night), or a pattern match nothing.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WHERE_THEY_APPLY } from '../scenarios/where-they-apply';

describe('scenarios/where-they-apply.ts', () => {
  it.for(WHERE_THEY_APPLY.map((entry) => [entry.file, entry] as const))(
    '%s exists, with a reason and a pattern that compiles',
    ([file, entry]) => {
      expect(existsSync(file), file).toBe(true);
      expect(entry.because.trim()).not.toBe('');
      expect(entry.skipsWhere.length).toBeGreaterThan(0);
      if (entry.test !== undefined) expect(() => new RegExp(entry.test!)).not.toThrow();
    },
  );
});
