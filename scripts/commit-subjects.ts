// Commit subjects stay short enough to read in a one-line log: at most 80 characters, the figures in the body. Held
// from a named commit on, as the history before it was written to no such rule.
import { execFileSync } from 'node:child_process';

export const MAX_SUBJECT_LENGTH = 80;
/** The first commit the rule holds after: the history up to it keeps its long subjects. */
export const RULE_SINCE = '55fbecc';

/**
 * Commits after RULE_SINCE whose long subjects were written, on branches worked at the same time, before the rule
 * landed: merged history cannot be reworded. Nothing is added here for a commit made after the rule.
 */
export const WRITTEN_BEFORE_THE_RULE: ReadonlySet<string> = new Set([
  '08add3ab3d1d1d094bf85f6bc97839a191220fb1', // Preflight states the run's expected requests per service, …
  '3d762cd89786ce91062a7264c90534080abf3810', // In-flight restart scenario: L1 checked before L2, …
  '52c639db00ce0c941196d696800d718e9fc12062', // Client double drains its queue on SIGTERM; …
  '779b0e14c5af67427cf5e836443da33aaaf8fda4', // Mutation: ignoreStatic, and tests that kill …
  '7d125a56045cdb3c3dda74e4b5b3784f71f81687', // Request ledger names each request's caller; …
  'c528607c2b35938254ae2a83383397988fe66e01', // Client restart with two deposits in flight: …
  'cce96693edff4e8bef39152e7040fca7fbab2be8', // docs/request-budget.md: callers, per-service goals, …
  'fd05b800fd4e922c2174b67e920f31b394acea9f', // docs/configuration.md: the profile, E2E_DEVNET's presets, …
]);

export interface LongSubject {
  readonly commit: string;
  readonly subject: string;
  readonly length: number;
}

/**
 * The subjects of the commits after `since` up to HEAD, or why they cannot be read: not a git checkout, or a shallow
 * clone that lacks `since`.
 */
export function subjectsSince(
  since: string,
  cwd: string,
): { commits: { commit: string; subject: string }[] } | { unreadable: string } {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    git('rev-parse', '--is-inside-work-tree');
  } catch {
    return { unreadable: `${cwd} is not a git checkout (an exported tree has no history to check)` };
  }
  try {
    git('cat-file', '-e', `${since}^{commit}`);
  } catch {
    return {
      unreadable: `the checkout lacks commit ${since} (a shallow clone): the subjects after it cannot be listed`,
    };
  }
  const log = git('log', '--format=%H%x09%s', `${since}..HEAD`);
  return {
    commits: log
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const tab = line.indexOf('\t');
        return { commit: line.slice(0, tab), subject: line.slice(tab + 1) };
      }),
  };
}

/**
 * The commits whose subject is longer than `max` characters (counted as a reader sees them: code points), bar those
 * `excused` by full hash.
 */
export function longSubjects(
  commits: readonly { commit: string; subject: string }[],
  max = MAX_SUBJECT_LENGTH,
  excused: ReadonlySet<string> = WRITTEN_BEFORE_THE_RULE,
): LongSubject[] {
  return commits
    .filter(({ commit }) => !excused.has(commit))
    .map(({ commit, subject }) => ({ commit, subject, length: [...subject].length }))
    .filter(({ length }) => length > max);
}
