// `npm run explore:planted`'s vitest config: the project's own reporters, one file (scripts/explore-planted.spec.ts)
// whose tests each run nested explorations on devnets of their own, one at a time.
import { defineConfig } from 'vitest/config';
// With its extension: vite's native configuration loader (its future default) resolves nothing else.
import base from '../vitest.config.ts';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: [
      {
        test: {
          name: 'explore-planted',
          include: ['scripts/explore-planted.spec.ts'],
          maxWorkers: 1,
          // Two nested runs per test, each bounded at 20 minutes by the spec: vitest's backstop is above both.
          testTimeout: 45 * 60_000,
        },
      },
    ],
  },
});
