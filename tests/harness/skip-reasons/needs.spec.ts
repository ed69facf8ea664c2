// Scenarios that declare what they need, for tests/harness/skip-reasons.test.ts: one whose need is missing (its
// set-up, tear-down and after-each throw, so running any of them fails the run) and one whose needs hold (its set-up
// must have run before its test, its tear-down leaves a file the parent looks for), with one test of its own needing
// what is missing.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { afterEachTest, describeScenario, needing, setUp, tearDown, type Need } from '../../../fixtures/report';
import { MISSING_NEED, TORN_DOWN } from './shared';

const missing: Need = { missing: MISSING_NEED };
const present: Need = { missing: undefined };

describeScenario(
  { epic: 'Harness', feature: 'Needs', needs: [present, missing] },
  'a scenario whose need is missing',
  () => {
    setUp(() => {
      throw new Error('the set-up of a scenario whose need is missing ran');
    });
    tearDown(() => {
      throw new Error('the tear-down of a scenario whose need is missing ran');
    });
    afterEachTest(() => {
      throw new Error('an after-each of a scenario whose need is missing ran');
    });

    it('is skipped, directly in the scenario', () => {
      throw new Error('a test of a scenario whose need is missing ran');
    });

    describe('a block nested in it', () => {
      setUp(() => {
        throw new Error('the set-up of a block nested in a scenario whose need is missing ran');
      });

      it('is skipped, nested', () => {
        throw new Error('a nested test of a scenario whose need is missing ran');
      });
    });
  },
);

describeScenario({ epic: 'Harness', feature: 'Needs', needs: [present] }, 'a scenario whose needs hold', () => {
  let setUpRan = false;
  setUp(() => {
    setUpRan = true;
  });
  tearDown(() => {
    writeFileSync(join(process.env.SKIP_REASONS_OUT!, TORN_DOWN), 'the applying scenario was torn down');
  });

  it('runs after its set-up', () => {
    expect(setUpRan, 'the set-up ran before the test').toBe(true);
  });

  it(
    'is skipped where its own need is missing',
    needing(missing, () => {
      throw new Error('a test whose own need is missing ran');
    }),
  );
});
