// Refusal: preflight refuses a run its funder cannot pay for. Nothing in the system under test misbehaves here: the
// harness itself declines to start. An operator starts `npm run e2e -- --target testnet` with a funder that holds less
// than a round trip costs; preflight must refuse before the first transfer, say how much of each asset is missing and
// where to send it, and move nothing. On the devnet, the devnet stands in for the test network
// (fixtures/faults/stand-in-profile.ts) and a fresh funder is given too little of everything.
import { parseEther } from 'viem';
import { expect, it } from 'vitest';
import { describeScenario, setUp, tearDown } from '../../fixtures/report';
import { runNestedE2e, type NestedE2eRun } from '../../fixtures/faults/nested-e2e';
import { standInProfile, writeStandInEnvFile, type StandInToken } from '../../fixtures/faults/stand-in-profile';
import {
  asWritten,
  funderNow,
  returnFunds,
  shortfallsIn,
  underFundedFunder,
  type UnderFundedFunder,
} from '../../fixtures/faults/under-funded-funder';
import { existsSync } from 'node:fs';
import { DevnetFacts } from '../../fixtures/target/devnet-facts';
import { currentTarget, devnetOnly } from '../../fixtures/target';
import { inject } from 'vitest';

const target = currentTarget();
/** A refused run is over in seconds (tsx start, preflight); the bound covers a busy 2-core machine. */
const REFUSAL_BOUND_MS = 90_000;
/** Every ERC-20 of the run, as the stand-in profile lists it: the round trip's amounts, funded by transfer. */
const tokens: StandInToken[] = target.tokens.map(({ symbol, address, decimals, amounts }) => ({
  symbol,
  address,
  decimals,
  amounts,
}));
/** The users a round trip of these tokens plans (a depositor and a recipient per token): each gets the gas allowance. */
const PLANNED_USERS = 2n * BigInt(tokens.length);
/** What the poor funder holds: a sliver of native coin, part of the wrapped gas token's deposit, none of the rest. */
const POOR = { native: '0.05', tokens: { WGAS: '4' } } as const;

let funder: UnderFundedFunder;
let run: NestedE2eRun;
let stateDir: string;

describeScenario(
  {
    epic: 'Rejections',
    feature: 'Funder cannot pay',
    needs: [
      devnetOnly(
        'this refusal needs a network whose funder the harness can make poor on purpose; it runs on the devnet standing in for the test network',
      ),
    ],
  },
  'Preflight refuses a run its funder cannot pay for',
  () => {
    setUp(async () => {
      funder = await underFundedFunder(target, tokens, POOR);
      const profile = standInProfile(DevnetFacts.parse(inject('devnet')), {
        funderKey: funder.key,
        tokens,
        gasAllowanceWei: target.gasAllowanceWei,
      });
      const files = writeStandInEnvFile(profile, 'poor-funder');
      stateDir = files.stateDir;
      run = await runNestedE2e({
        args: ['--target', 'testnet', '--env-file', files.envFile, 'scenarios/round-trip'],
        timeoutMs: REFUSAL_BOUND_MS,
      });
    });

    tearDown(async () => {
      if (funder) await returnFunds(target, funder);
    });

    it('preflight refuses the run with exit status 2, before any scenario starts', async () => {
      expect(run.code, `exit status (signal ${run.signal}); output:\n${run.output.slice(-4000)}`).toBe(2);
      expect(run.output).toContain('preflight found 1 problem in');
      expect(run.output).toContain(`1. [FunderTooPoor] the funder ${funder.address} cannot cover the run: `);
      expect(run.output, 'vitest never started').not.toMatch(/^running \d+ test files/m);
    });

    it('names, for each asset, how much is missing: what the run needs less what the funder holds', async () => {
      const [native, ...tokenShortfalls] = shortfallsIn(run.output);
      expect(native!.symbol).toBe('ETH');
      expect(native!.holds).toBe(asWritten(funder.holding.native, 18));
      expect(parseEther(native!.missing)).toBe(parseEther(native!.needs) - parseEther(native!.holds));
      // The run needs each planned user's gas allowance and the funder's own gas for its grants (a fraction of a coin).
      const allowances = PLANNED_USERS * target.gasAllowanceWei;
      expect(parseEther(native!.needs) - allowances).toBeGreaterThan(0n);
      expect(parseEther(native!.needs) - allowances).toBeLessThan(parseEther('0.01'));
      expect(tokenShortfalls).toEqual([
        { symbol: 'WGAS', holds: '4', needs: '10', missing: '6' },
        { symbol: 'dUSD', holds: '0', needs: '10', missing: '10' },
      ]);
    });

    it('says where to send the missing funds', async () => {
      expect(run.output).toContain(`fix: send the missing funds to ${funder.address}`);
    });

    it('moves no funds: the funder sent no transaction and holds exactly what it held', async () => {
      const now = await funderNow(target, funder);
      expect(now.sent).toBe(0);
      expect({ native: now.holding.native, tokens: now.holding.tokens }).toEqual({
        native: funder.holding.native,
        tokens: funder.holding.tokens,
      });
    });

    it("creates no identity: the ledger of the run's users was never written", async () => {
      expect(existsSync(`${stateDir}/ledger.jsonl`)).toBe(false);
    });
  },
);
