// A deliberately broken run: the proposer is paused past the confirmation timeout. The wait must fail by itself,
// within its bound, with a message that names what it awaited, for how long, the last state it saw and the
// registered proposers (the first check for an operation stuck at Submitted: docs/client-api.md, "Timing").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../fixtures/network';
import { devnetFactsOf, devnetTarget, type Target } from '../../fixtures/target';
import { startCast, type Cast } from '../../fixtures/cast';
import { timeoutsFor, WaitTimeoutError } from '../../fixtures/waits';

const SHORT = { requestSubmitted: 15_000, transactionEvent: 15_000, l2Confirmation: 4_000, progressEvery: 2_000 };

describe('a confirmation that never comes', () => {
  let devnet: Devnet;
  let target: Target;
  let cast: Cast;

  beforeAll(async () => {
    devnet = await startDevnet({ batchWindowSeconds: 1 });
    const base = devnetTarget(devnetFactsOf(devnet, 1));
    target = { ...base, timeouts: timeoutsFor('devnet', SHORT) };
    const token = target.tokens[0]!;
    cast = await startCast(target, ['alice'], { tokens: { alice: { [token.symbol]: 10n ** 18n } } });
  });

  afterAll(async () => {
    await target?.blockProduction?.release();
    await cast?.close();
    await devnet?.stop();
  });

  it('fails at its bound, naming the wait, the time, the last state and the registered proposers', async () => {
    const [alice] = cast.users;
    await target.blockProduction!.hold();
    const deposit = await alice!.deposit(target.tokens[0]!, '1');
    await deposit.reaches('Submitted');

    const failure = await deposit.reaches('Confirmed').then(
      () => undefined,
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(WaitTimeoutError);
    const message = (failure as WaitTimeoutError).message;
    expect(message).toContain(`alice's deposit request ${deposit.id} to be Confirmed`);
    expect(message).toMatch(/Timed out after \d+(\.\d+)? s/);
    expect(message).toMatch(/status Submitted, L2 block seen (none|\d+)/);
    expect(message).toContain(
      `registered proposers: ${devnet.deployment.proposers[0]!.address} http://proposer:3000 (answers Healthy)`,
    );
    expect(message).toMatch(/last L2 block on L1: (none yet|\d+)/);
    expect((failure as WaitTimeoutError).report.elapsedMs).toBeLessThan(
      SHORT.requestSubmitted + SHORT.l2Confirmation + 5_000,
    );
  });
});
