// A green run leaves nothing on L2: when a cast of fresh identities closes, each user's remaining commitments are
// withdrawn and de-escrowed back to L1 (asked for on plume, claimed on L1 where a head client's own de-escrow never
// comes: an exact withdrawal with no fee never becomes Confirmed, see fixtures/users/bring-home.ts), then swept to the funder with the
// L1 leftovers. On each client build, on its own generation of contracts.
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import { l1Balances } from '../../fixtures/chain';
import { startDevnet, type Devnet } from '../../fixtures/network';
import { devnetFactsOf, devnetTarget, type Target, type TokenUnderTest } from '../../fixtures/target';
import { startCast, type Cast, type CastClosed } from '../../fixtures/cast';
import type { User } from '../../fixtures/users';

const BATCH_WINDOW_SECONDS = 1;
const AMOUNTS = { granted: '10', transfer: '4' } as const;

describe.each(['plume', 'head'] as const)(
  'a %s client: nothing the users hold stays on L2 when their cast closes',
  (build) => {
    let devnet: Devnet | undefined;
    let target: Target;
    let token: TokenUnderTest;
    let cast: Cast | undefined;
    let alice: User;
    let bob: User;
    let closed: CastClosed;
    let before: { funder: bigint; escrow: bigint };
    const raw = (amount: string) => units(token, amount);
    const dusdOf = async (address: Address) =>
      (await l1Balances(target.funder.publicClient, address, [token])).tokens[token.symbol]!;

    beforeAll(async () => {
      devnet = await startDevnet({ batchWindowSeconds: BATCH_WINDOW_SECONDS, contracts: build });
      target = devnetTarget(
        devnetFactsOf(devnet, BATCH_WINDOW_SECONDS, { run: { clientBuild: build, contracts: build } }),
      );
      token = target.tokens.find((t) => t.symbol === 'dUSD')!;
      before = {
        funder: await dusdOf(target.funder.walletClient.account.address),
        escrow: await dusdOf(target.contracts.nightfall),
      };
      cast = await startCast(target, ['alice', 'bob'], {
        tokens: { alice: { [token.symbol]: raw(AMOUNTS.granted) } },
        scenario: `nothing left behind (${build})`,
      });
      [alice, bob] = cast.users as [User, User];
      const deposit = await alice.deposit(token, AMOUNTS.granted);
      await deposit.reaches('Confirmed');
      const transfer = await alice.transfer(token, AMOUNTS.transfer, bob);
      await transfer.reaches('Confirmed');
      await bob.l2BalanceBecomes(token, raw(AMOUNTS.transfer));
      await alice.l2BalanceBecomes(token, raw(AMOUNTS.granted) - raw(AMOUNTS.transfer));
      closed = await cast.close();
    });

    afterAll(async () => {
      await cast?.close();
      await devnet?.stop();
    });

    it('withdraws and de-escrows what each user held, and closes with no problem', () => {
      expect(closed.failures).toEqual([]);
      expect(
        closed.homecomings.map(({ user, broughtHome, problems }) => ({
          user,
          broughtHome: broughtHome.map(({ token: symbol, raw: value, commitments }) => ({
            symbol,
            value,
            commitments,
          })),
          problems,
        })),
      ).toEqual([
        {
          user: 'alice',
          broughtHome: [{ symbol: 'dUSD', value: raw(AMOUNTS.granted) - raw(AMOUNTS.transfer), commitments: 1 }],
          problems: [],
        },
        { user: 'bob', broughtHome: [{ symbol: 'dUSD', value: raw(AMOUNTS.transfer), commitments: 1 }], problems: [] },
      ]);
    });

    it('leaves nothing on L2 and strands nothing', () => {
      expect(closed.leftovers).toEqual({ leftOnL2: [], stranded: 0, strandedOnPurpose: 0, strandedLines: [] });
      expect(closed.rescues.map((rescue) => rescue.atStake)).toEqual([[], []]);
    });

    it('empties the escrow of what the run deposited and returns every token to the funder', async () => {
      expect(await dusdOf(target.contracts.nightfall), 'the escrow holds what it held before the run').toBe(
        before.escrow,
      );
      // dUSD is minted to Alice by the grant: the funder ends with all of it.
      expect((await dusdOf(target.funder.walletClient.account.address)) - before.funder).toBe(raw(AMOUNTS.granted));
      for (const user of [alice, bob])
        expect(await l1Balances(target.funder.publicClient, user.l1Address, [token]), user.name).toMatchObject({
          native: 0n,
          tokens: { dUSD: 0n },
        });
    });
  },
);
