// A withdrawal that landed on L1 but was never de-escrowed (a run killed between "landed" and POST /v1/de-escrow) is
// value in Nightfall's escrow that nothing on L2 shows any more: its input is Spent (finding N21). The homecoming that
// closes a cast, and the rescue of orphaned clients, find its open claim from the user's Spent commitments and pay it
// with descrow_funds from the user's own key. On a plume client, whose de-escrow is the user's to ask for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import { erc20 } from '../../fixtures/assets';
import { l1Balances } from '../../fixtures/chain';
import { startCast, type Cast } from '../../fixtures/cast';
import { startDevnet, type Devnet } from '../../fixtures/network';
import { devnetFactsOf, devnetTarget, type Target, type TokenUnderTest } from '../../fixtures/target';
import type { User } from '../../fixtures/users';
import { bringHome, type HomecomingOutcome } from '../../fixtures/users/bring-home';
import { openWithdrawClaims, type OpenClaim } from '../../fixtures/users/open-claims';

const BATCH_WINDOW_SECONDS = 1;
const AMOUNT = '3';

describe('a plume withdrawal that landed but was never de-escrowed', () => {
  let devnet: Devnet | undefined;
  let target: Target;
  let token: TokenUnderTest;
  let cast: Cast | undefined;
  let alice: User;
  let since: bigint;
  let salt: string;
  let withdrawal: Awaited<ReturnType<User['withdraw']>>;
  let homecoming: HomecomingOutcome;
  let aliceBefore: bigint;
  let stageBefore: string;
  let openBefore: OpenClaim[];
  const dusdOf = async (address: `0x${string}`) =>
    (await l1Balances(target.funder.publicClient, address, [token])).tokens[token.symbol]!;

  beforeAll(async () => {
    devnet = await startDevnet({ batchWindowSeconds: BATCH_WINDOW_SECONDS, contracts: 'plume' });
    target = devnetTarget(
      devnetFactsOf(devnet, BATCH_WINDOW_SECONDS, { run: { clientBuild: 'plume', contracts: 'plume' } }),
    );
    token = target.tokens.find((t) => t.symbol === 'dUSD')!;
    since = await target.funder.publicClient.getBlockNumber();
    cast = await startCast(target, ['alice'], {
      tokens: { alice: { [token.symbol]: units(token, AMOUNT) } },
      scenario: 'landed, never de-escrowed',
    });
    [alice] = cast.users as [User];
    await (await alice.deposit(token, AMOUNT)).reaches('Confirmed');
    withdrawal = await alice.withdraw(erc20(token, AMOUNT));
    ({ salt } = await withdrawal.salt());
    await withdrawal.landed(salt);
    // The run "dies" here: nobody asks the client to de-escrow.
    aliceBefore = await dusdOf(alice.l1Address);
    stageBefore = (await withdrawal.escrow(salt)).stage;
    openBefore = await openWithdrawClaims(
      target.funder.publicClient,
      target.contracts.nightfall,
      await alice.api.commitments(),
      { fromBlock: since },
    );
    homecoming = await bringHome(alice, target.tokens, { since });
  });

  afterAll(async () => {
    await cast?.close();
    await devnet?.stop();
  });

  it("is found from the user's Spent commitment as an open claim on L1, keyed on the withdrawal's salt", () => {
    expect(stageBefore, 'landed and claimable, not paid').toBe('claimable');
    expect(
      openBefore.map((claim) => ({
        salt: claim.data.withdraw_fund_salt,
        value: claim.data.value,
        recipient: claim.data.recipient_address,
      })),
    ).toEqual([{ salt: BigInt(`0x${salt}`), value: units(token, AMOUNT), recipient: alice.l1Address }]);
  });

  it("is paid to the user by the homecoming, from the user's own key, to the unit", async () => {
    expect(homecoming.problems).toEqual([]);
    expect(
      homecoming.broughtHome.map(({ token: symbol, raw, commitments, how }) => ({ symbol, raw, commitments, how })),
    ).toEqual([{ symbol: 'dUSD', raw: units(token, AMOUNT), commitments: 1, how: 'claimed' }]);
    const payout = await withdrawal.escrow(salt);
    expect(payout.stage === 'paid' && payout.payout.sentBy).toBe(alice.l1Address);
    expect((await dusdOf(alice.l1Address)) - aliceBefore).toBe(units(token, AMOUNT));
  });

  it('leaves no open claim behind', async () => {
    expect(
      await openWithdrawClaims(target.funder.publicClient, target.contracts.nightfall, await alice.api.commitments(), {
        fromBlock: since,
      }),
    ).toEqual([]);
  });
});
