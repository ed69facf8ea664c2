import { describe, expect, it } from 'vitest';
import { createLogger, formatLine, levelFor } from './env-logger';

const WHEN = new Date('2026-11-22T03:04:05.678Z');

function capture(rustLog: string | undefined, target = 'nightfall_client::driven::queue') {
  const lines: string[] = [];
  const logger = createLogger(target, { rustLog, write: (l) => lines.push(l), now: () => WHEN });
  return { logger, lines };
}

describe('formatLine', () => {
  it("matches env_logger's default format, level padded to 5", () => {
    expect(formatLine(WHEN, 'info', 'nightfall_client::driven::queue', 'hello')).toBe(
      '[2026-11-22T03:04:05Z INFO  nightfall_client::driven::queue] hello',
    );
    expect(formatLine(WHEN, 'error', 't', 'x')).toBe('[2026-11-22T03:04:05Z ERROR t] x');
    expect(formatLine(WHEN, 'warn', 't', 'x')).toBe('[2026-11-22T03:04:05Z WARN  t] x');
  });
});

describe('levelFor', () => {
  it('reads a global level, case-insensitively', () => {
    expect(levelFor('debug', 'a::b')).toBe('debug');
    expect(levelFor('WARN', 'a::b')).toBe('warn');
    expect(levelFor('off', 'a::b')).toBe('off');
  });

  it('defaults to info when unset or unparsable', () => {
    expect(levelFor(undefined, 'a')).toBe('info');
    expect(levelFor('', 'a')).toBe('info');
    expect(levelFor('a=loud', 'a')).toBe('info');
  });

  it('lets the longest matching target prefix win', () => {
    const spec = 'warn,nightfall_client=debug,nightfall_client::driven=error';
    expect(levelFor(spec, 'nightfall_client::driven::queue')).toBe('error');
    expect(levelFor(spec, 'nightfall_client::rest')).toBe('debug');
    expect(levelFor(spec, 'nightfall_clientele')).toBe('debug'); // env_logger matches plain string prefixes
    expect(levelFor(spec, 'nightfall_proposer')).toBe('warn');
  });

  it('treats a bare target name as "everything" for that target', () => {
    expect(levelFor('nightfall_client', 'nightfall_client::x')).toBe('trace');
  });
});

describe('createLogger', () => {
  it('prints enabled levels and drops the rest', () => {
    const { logger, lines } = capture('info');
    logger.debug('hidden');
    logger.info('shown');
    logger.error('also shown');
    expect(lines).toEqual([
      '[2026-11-22T03:04:05Z INFO  nightfall_client::driven::queue] shown',
      '[2026-11-22T03:04:05Z ERROR nightfall_client::driven::queue] also shown',
    ]);
  });

  it('prints nothing when off', () => {
    const { logger, lines } = capture('off');
    logger.error('x');
    expect(lines).toEqual([]);
  });
});
