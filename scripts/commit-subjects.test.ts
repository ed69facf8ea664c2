// Every commit after RULE_SINCE has a subject of at most 80 characters (docs/writing-scenarios.md, "Commits").
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { skipBecause } from '../fixtures/report';
import { longSubjects, MAX_SUBJECT_LENGTH, RULE_SINCE, subjectsSince } from './commit-subjects';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('commit subjects', () => {
  it(`every commit since ${RULE_SINCE} has a subject of at most ${MAX_SUBJECT_LENGTH} characters`, async (context) => {
    const history = subjectsSince(RULE_SINCE, ROOT);
    if ('unreadable' in history) return skipBecause(context, history.unreadable);
    const long = longSubjects(history.commits);
    const named = long.map((c) => `${c.commit.slice(0, 7)} (${c.length}): ${c.subject}`);
    expect(named, 'subjects over the limit: reword them, figures go in the body').toEqual([]);
  });

  it('counts characters as a reader sees them and names each subject over the limit', () => {
    const exactly80 = `Bring-home ↔ ${'x'.repeat(67)}`;
    expect([...exactly80]).toHaveLength(80);
    const commits = [
      { commit: 'a1', subject: exactly80 },
      { commit: 'b2', subject: `${exactly80}!` },
      { commit: 'c3', subject: 'short' },
    ];
    expect(longSubjects(commits)).toEqual([{ commit: 'b2', subject: `${exactly80}!`, length: 81 }]);
    expect(longSubjects(commits, MAX_SUBJECT_LENGTH, new Set(['b2']))).toEqual([]);
  });

  it('says why it cannot read a history that is not there', () => {
    expect(subjectsSince(RULE_SINCE, '/')).toEqual({ unreadable: expect.stringContaining('not a git checkout') });
    expect(subjectsSince('0000000', ROOT)).toEqual({ unreadable: expect.stringContaining('lacks commit 0000000') });
  });
});
