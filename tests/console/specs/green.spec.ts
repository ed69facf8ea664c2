// Two green tests; the first logs at every level and writes to stdout.
import { expect, it } from 'vitest';
import { createLogger } from '../../../fixtures/log';
import { GREEN_LINES } from './shared';

const log = createLogger('e2e::spec');

it('logs at every level', () => {
  log.debug(GREEN_LINES.debug);
  log.info(GREEN_LINES.info);
  log.notice(GREEN_LINES.notice);
  log.warn(GREEN_LINES.warn);
  console.log('a line a library printed to stdout');
  expect(1 + 1).toBe(2);
});

it('passes quietly', () => {
  expect([1, 2]).toHaveLength(2);
});
