// A scenario that fails midway, on purpose: Alice deposits, then the test breaks while she still holds an Unspent
// commitment. It is not part of any suite; tests/funds/failing-run.test.ts runs it in a vitest of its own (with
// ./vitest.config.ts) against a devnet standing in for the live network — identities derived from a mnemonic and
// leased from a ledger, recovery bundles on — and then checks what the failed run left behind.
//
// Inputs (environment): RUN_ENV (./shared.ts), E2E_IDENTITY_MNEMONIC, E2E_STATE_DIR (recovery bundles under its recovery/).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { units } from '../../../fixtures/api';
import { writePrivateFile, recoveryDir, IdentityLedger } from '../../../fixtures/recovery';
import { attachText, toReportJson } from '../../../fixtures/report';
import { DevnetFacts, devnetTarget } from '../../../fixtures/target';
import { startCast, type Cast } from '../../../fixtures/cast';
import { identityMnemonicFromEnv, type User } from '../../../fixtures/users';
import { DEPOSITED, GRANTED, RUN_ENV, RUN_FILES, SCENARIO, SIMULATED_FAILURE } from './shared';

const facts = DevnetFacts.parse(JSON.parse(process.env[RUN_ENV.devnet] ?? 'null'));
const out = process.env[RUN_ENV.out] ?? '';
const target = devnetTarget(facts);
const token = target.tokens.find((t) => t.symbol === 'dUSD')!;

describe('a run that fails midway', () => {
  let cast: Cast | undefined;
  let alice: User;

  beforeAll(async () => {
    const mnemonic = identityMnemonicFromEnv();
    if (!mnemonic) throw new Error('E2E_IDENTITY_MNEMONIC is not set');
    cast = await startCast(target, ['alice', 'bob'], {
      tokens: { alice: { [token.symbol]: units(token, GRANTED) } },
      identities: { kind: 'derived', mnemonic },
      scenario: SCENARIO,
      recoveryDir: recoveryDir(),
      ledger: IdentityLedger.inStateDir(),
    });
    alice = cast.users[0]!;
    // For the checker only: the secrets it must not find in this run's reports and output.
    await writePrivateFile(
      join(out, RUN_FILES.secrets),
      JSON.stringify(
        cast.users.map((user) => ({
          name: user.name,
          address: user.l1Address,
          l1Key: user.identity.l1Key.reveal(),
          mnemonic: user.identity.mnemonic.reveal(),
        })),
      ),
    );
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    await Promise.all(
      (cast?.users ?? []).map((user) => attachText(`${user.name}'s client log`, user.container.logs())),
    );
  });

  afterAll(async () => {
    const closed = await cast?.close();
    await writeFile(join(out, RUN_FILES.closed), toReportJson(closed ?? null));
  });

  it('Alice deposits, then the run breaks', async () => {
    const deposit = await alice.deposit(token, DEPOSITED);
    await deposit.reaches('Confirmed');
    await alice.l2BalanceBecomes(token, units(token, DEPOSITED));
    throw new Error(SIMULATED_FAILURE);
  });
});
