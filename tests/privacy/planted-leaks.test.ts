// Proof that the privacy check can fail on a real run (issue 30): with each of E2E_DEVNET's plantedLeak values planted
// on a devnet of its own — amount-in-calldata and key-in-log by the client double, salt-in-report by the harness at
// close — a cast of one deposit and one private transfer closes with the leak caught. The records are kept by the test:
// they must not fail the run that proves them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCast, type Cast } from '../../fixtures/cast';
import { startDevnet, type Devnet } from '../../fixtures/network';
import type { PlantedLeak } from '../../fixtures/privacy/planted-leak';
import type { PrivacyRecord } from '../../fixtures/run/privacy-record';
import { devnetFactsOf, devnetTarget, type Target, type TokenUnderTest } from '../../fixtures/target';
import { units } from '../../fixtures/api';
import type { User } from '../../fixtures/users';

const BATCH_WINDOW_SECONDS = 1;

describe.each(['amount-in-calldata', 'key-in-log', 'salt-in-report'] as const)(
  'E2E_DEVNET=plantedLeak=%s',
  (leak: PlantedLeak) => {
    let devnet: Devnet | undefined;
    let cast: Cast | undefined;
    const records: PrivacyRecord[] = [];

    beforeAll(async () => {
      devnet = await startDevnet({ batchWindowSeconds: BATCH_WINDOW_SECONDS });
      const target: Target = devnetTarget(devnetFactsOf(devnet, BATCH_WINDOW_SECONDS, { plantedLeak: leak }));
      const token: TokenUnderTest = target.tokens.find((t) => t.symbol === 'dUSD')!;
      cast = await startCast(target, ['alice', 'bob'], {
        tokens: { alice: { [token.symbol]: units(token, '10') } },
        scenario: `planted leak ${leak}`,
        // Unspent commitments at close: salt-in-report plants one of their salts (a cast that brings its value home has none).
        leftovers: 'keep',
        recordPrivacy: (record) => records.push(record),
      });
      const [alice, bob] = cast.users as [User, User];
      await (await alice.deposit(token, '10')).reaches('Confirmed');
      await (await alice.transfer(token, '4', bob)).reaches('Confirmed');
      await cast.close();
    });

    afterAll(async () => {
      await cast?.close();
      await devnet?.stop();
    });

    it("is caught by the cast's privacy check, and only that leak besides the build's known defect", () => {
      expect(records).toHaveLength(1);
      const [record] = records as [PrivacyRecord];
      expect(record.error).toBeUndefined();
      expect(record.checked.transfers).toBe(1);
      const expected = {
        'amount-in-calldata': {
          what: expect.stringMatching(/^amount of transfer /) as string,
          where: expect.stringMatching(/slot \d+ \(transfer /) as string,
        },
        'key-in-log': {
          what: expect.stringMatching(/^recipient ZKP public key/) as string,
          where: "alice's client container log",
        },
        'salt-in-report': {
          what: 'salt of an unspent commitment of alice',
          where: expect.stringMatching(/planted-leak-.*\.txt$/) as string,
        },
      }[leak];
      const fresh = record.leaks.filter((found) => found.knownDefect === undefined);
      expect(fresh.length).toBeGreaterThan(0);
      for (const found of fresh) expect(found).toMatchObject(expected);
      // The plume double prints each user's seed and root key to its own log, as the real plume client does: filed as
      // that build's known defect, never as a fresh leak.
      for (const known of record.leaks.filter((found) => found.knownDefect !== undefined))
        expect(known).toMatchObject({
          what: expect.stringMatching(/^(BIP39 seed|ZKP root key) of (alice|bob)$/) as string,
          knownDefect: 'plume-client-prints-key-derivation',
        });
    });
  },
);
