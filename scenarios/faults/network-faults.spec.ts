// The network between Alice's client and its L1 endpoint turns bad while she deposits: slow and varying, lossy, or
// cut off for a few seconds and then healed. The expected outcome is the real client's: it has no retry layer on its
// L1 calls (wallets.rs:55-66 @ plume_testnet_client 4e84c58), so a delay or a partition shorter than its call timeout
// only slows it and the deposit is confirmed, while one lost call fails the request (or ends the client's queue worker
// or listener for good, N17, N18), and the harness must then name that cause within a few progress intervals rather
// than wait silently. A deposit that failed after its escrow was mined (a lost receipt read) still lands on L2.
// The kernel the devnet runs on has no netem, so the conditions are put on the client's own L1 route
// (fixtures/faults/network-faults.ts). The link between client and proposer is not faulted here (see
// docs/network-faults.md).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import { watchL1 } from '../../fixtures/expectations';
import { CLIENT_MET_L1_FAULT, clientL1Network, outcomeOfFault, whyNoClientL1Faults, type ClientL1Network } from '../../fixtures/faults';
import { attachJson, labels, skipBecause, step } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import type { User } from '../../fixtures/users';

const target = currentTarget();
const unavailable = whyNoClientL1Faults(target);
const token = target.tokens.find((t) => t.decimals === 18)!;
const DEPOSIT = '1';
const DEPOSITS = 4n;
/** Under the double's call timeout (viem's http transport: 10 s), so a held call is answered, late. */
const PARTITION_SECONDS = 5;

describe("the network between Alice's client and L1 turns bad", () => {
  let cast: Cast | undefined;
  let alice: User;
  let network: ClientL1Network;
  let confirmed = 0n;

  beforeAll(async () => {
    if (unavailable) return;
    cast = await startCast(target, ['alice'], { tokens: { alice: { [token.symbol]: DEPOSITS * units(token, DEPOSIT) } }, scenario: 'network faults' });
    [alice] = cast.users as [User];
    network = clientL1Network(target, alice.container.name);
  });

  afterEach(async () => {
    if (!unavailable) await attachJson("the client's L1 route", await network.state());
    if (!unavailable) await network.heal();
  });

  afterAll(async () => {
    await cast?.close();
  });

  reportCastPerTest(() => cast);
  const story = (name: string) => labels({ epic: 'Reliability', feature: 'Network faults', story: name });

  const depositThrough = async (what: string) => {
    const outcome = await outcomeOfFault(target, { what, causes: CLIENT_MET_L1_FAULT, firedAt: () => network.firstMetAt() }, async () => {
      const deposit = await alice.deposit(token, DEPOSIT);
      await deposit.reaches('Confirmed');
    });
    if (outcome.kind === 'completed') confirmed += 1n;
    return outcome;
  };

  it('latency of 300 ms with 200 ms of jitter on every L1 call and push: the deposit is confirmed', async (context) => {
    if (unavailable) return skipBecause(context, unavailable);
    await story('Client ↔ L1: latency and jitter');
    await step("Alice's client's L1 connection: 300 ± 200 ms", () => network.degrade({ latencyMs: 300, jitterMs: 200 }));
    const outcome = await depositThrough('300 ± 200 ms on the client\'s L1 connection');
    expect(outcome.kind, 'a slow connection only slows the client').toBe('completed');
    expect((await network.state()).counts.requests, 'the client met the slow connection').toBeGreaterThan(0);
    await step(`Alice's L2 balance is ${confirmed} × ${DEPOSIT}`, () => alice.l2BalanceBecomes(token, confirmed * units(token, DEPOSIT)));
  });

  it(`a partition of ${PARTITION_SECONDS} s that heals by itself: the deposit is confirmed after it`, async (context) => {
    if (unavailable) return skipBecause(context, unavailable);
    await story('Client ↔ L1: a partition that heals');
    await step(`Alice's client is cut off from L1 for ${PARTITION_SECONDS} s`, () => network.partition(PARTITION_SECONDS));
    const outcome = await depositThrough(`a ${PARTITION_SECONDS} s partition between the client and L1`);
    expect((await network.state()).counts.heldByPartition, 'the partition held calls of the client').toBeGreaterThan(0);
    expect(outcome.kind, 'a partition shorter than the call timeout only delays the calls').toBe('completed');
    await step(`Alice's L2 balance is ${confirmed} × ${DEPOSIT}`, () => alice.l2BalanceBecomes(token, confirmed * units(token, DEPOSIT)));
  });

  it("every 10th L1 call lost: the deposit fails naming the client's failure; a recovered client holds what was escrowed and deposits again", async (context) => {
    if (unavailable) return skipBecause(context, unavailable);
    await story('Client ↔ L1: loss');
    await step("Alice's client's L1 connection loses every 10th call", () => network.degrade({ latencyMs: 0, lossEvery: 10 }));
    const l1 = await watchL1(alice, [token]);
    const outcome = await depositThrough("every 10th call on the client's L1 connection lost");
    // Cut before forwarding, a send never reached L1; a read cut after the escrow was mined leaves the deposit on L1.
    const escrowed = (await l1.settle()).change.tokens[token.symbol] === -units(token, DEPOSIT);
    await attachJson('the failed deposit was escrowed on L1', { escrowed });
    if (escrowed) confirmed += 1n;
    expect((await network.state()).counts.lost, 'calls of the client were lost').toBeGreaterThan(0);
    // The real client retries no L1 call: a deposit that still confirms means the double lost that.
    expect(outcome.kind, 'the client met the loss and the harness named what it broke').toBe('named');
    await network.heal();
    await alice.recoverClient(`it logged "${outcome.kind === 'named' ? outcome.cause : ''}"`);
    const deposit = await step(`Alice deposits ${DEPOSIT} ${token.symbol} on a healed connection`, () => alice.deposit(token, DEPOSIT));
    await step('the deposit is Confirmed', () => deposit.reaches('Confirmed'));
    confirmed += 1n;
    await step(`Alice's L2 balance is ${confirmed} × ${DEPOSIT}`, () => alice.l2BalanceBecomes(token, confirmed * units(token, DEPOSIT)));
  });
});
