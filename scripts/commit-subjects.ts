// Commit subjects stay short enough to read in a one-line log: at most 80 characters, the figures in the body. Held
// from a named commit on, as the history before it was written to no such rule.
import { execFileSync } from 'node:child_process';

export const MAX_SUBJECT_LENGTH = 80;
/** The first commit the rule holds after: the history up to it keeps its long subjects. */
export const RULE_SINCE = '55fbecc';

export interface LongSubject {
  readonly commit: string;
  readonly subject: string;
  readonly length: number;
}

/**
 * The subjects of the commits after `since` up to HEAD, or why they cannot be read: not a git checkout, or a shallow
 * clone that lacks `since`.
 */
export function subjectsSince(since: string, cwd: string): { commits: { commit: string; subject: string }[] } | { unreadable: string } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    git('rev-parse', '--is-inside-work-tree');
  } catch {
    return { unreadable: `${cwd} is not a git checkout (an exported tree has no history to check)` };
  }
  try {
    git('cat-file', '-e', `${since}^{commit}`);
  } catch {
    return { unreadable: `the checkout lacks commit ${since} (a shallow clone): the subjects after it cannot be listed` };
  }
  const log = git('log', '--format=%h%x09%s', `${since}..HEAD`);
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

/** The commits whose subject is longer than `max` characters (counted as a reader sees them: code points). */
export function longSubjects(commits: readonly { commit: string; subject: string }[], max = MAX_SUBJECT_LENGTH): LongSubject[] {
  return commits
    .map(({ commit, subject }) => ({ commit, subject, length: [...subject].length }))
    .filter(({ length }) => length > max);
}
