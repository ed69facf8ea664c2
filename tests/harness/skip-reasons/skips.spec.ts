// Skips on purpose, for tests/harness/skip-reasons.test.ts: one with a written reason through the harness's helper,
// and, when SKIP_REASONS_BARE=1, one with vitest's bare context.skip() and no reason.
import { describe, expect, it } from 'vitest';
import { skipBecause } from '../../../fixtures/report/skip';
import { WRITTEN_REASON } from './shared';

describe('skips', () => {
  it('passes', () => {
    expect(1 + 1).toBe(2);
  });

  it('is skipped with a written reason', async (context) => {
    await skipBecause(context, WRITTEN_REASON);
  });

  // Declared only when asked for: a declared skip (it.skipIf) would itself be a skip without a reason.
  if (process.env.SKIP_REASONS_BARE === '1') {
    it('is skipped without a reason', (context) => {
      context.skip();
    });
  }
});
