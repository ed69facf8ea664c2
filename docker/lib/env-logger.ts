// Log lines in env_logger's default format, as the real client and proposer print them
// (https://docs.rs/env_logger/0.11/env_logger/):
//   [2026-11-22T03:04:05Z INFO  nightfall_client::driven::queue] message
// The harness greps these (e.g. for withdraw_fund_salt), so the shape matters. Levels follow RUST_LOG: a global
// level and/or `target=level` directives, the longest matching target prefix winning, as env_logger does.

const LOG_LEVELS = ['error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LevelFilter = LogLevel | 'off';

/** Used when RUST_LOG is unset or names no level for a target; the real images run with RUST_LOG=info. */
const DEFAULT_LEVEL: LevelFilter = 'info';

function asLevelFilter(s: string): LevelFilter | undefined {
  const lower = s.trim().toLowerCase();
  return lower === 'off' || (LOG_LEVELS as readonly string[]).includes(lower) ? (lower as LevelFilter) : undefined;
}

/**
 * The level RUST_LOG gives `target`: directives are `level`, `target=level` or a bare `target` (= trace); the
 * longest target that is a plain string prefix of ours wins (as env_logger matches). Unparsable directives are
 * ignored, as env_logger does (it only warns). A `/regex` suffix is ignored.
 */
export function levelFor(rustLog: string | undefined, target: string): LevelFilter {
  let best: { prefix: string; level: LevelFilter } | undefined;
  for (const raw of (rustLog ?? '').split('/')[0]!.split(',')) {
    const directive = raw.trim();
    if (!directive) continue;
    const eq = directive.indexOf('=');
    const bareLevel = eq < 0 ? asLevelFilter(directive) : undefined;
    const prefix = eq >= 0 ? directive.slice(0, eq).trim() : bareLevel ? '' : directive;
    const level = eq >= 0 ? asLevelFilter(directive.slice(eq + 1)) : (bareLevel ?? 'trace');
    if (!level || !target.startsWith(prefix)) continue;
    if (!best || prefix.length >= best.prefix.length) best = { prefix, level };
  }
  return best?.level ?? DEFAULT_LEVEL;
}

function enabled(filter: LevelFilter, level: LogLevel): boolean {
  return filter !== 'off' && LOG_LEVELS.indexOf(level) <= LOG_LEVELS.indexOf(filter);
}

/** RFC 3339 UTC with whole seconds, like env_logger's default timestamp. */
function formatTimestamp(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function formatLine(when: Date, level: LogLevel, target: string, message: string): string {
  return `[${formatTimestamp(when)} ${level.toUpperCase().padEnd(5)} ${target}] ${message}`;
}

export type Logger = Record<LogLevel, (message: string) => void> & {
  readonly target: string;
  readonly level: LevelFilter;
};

export interface LoggerOptions {
  /** Defaults to process.env.RUST_LOG. */
  readonly rustLog?: string | undefined;
  /** Defaults to one line on stdout. */
  readonly write?: (line: string) => void;
  readonly now?: () => Date;
}

/** A logger for one target (a Rust module path such as `nightfall_client::driven::queue`). Never log secrets. */
export function createLogger(target: string, options: LoggerOptions = {}): Logger {
  const level = levelFor('rustLog' in options ? options.rustLog : process.env.RUST_LOG, target);
  const write = options.write ?? ((line: string) => void process.stdout.write(`${line}\n`));
  const now = options.now ?? (() => new Date());
  const emit = (l: LogLevel) => (message: string) => {
    if (enabled(level, l)) write(formatLine(now(), l, target, message));
  };
  return {
    target,
    level,
    error: emit('error'),
    warn: emit('warn'),
    info: emit('info'),
    debug: emit('debug'),
    trace: emit('trace'),
  };
}
