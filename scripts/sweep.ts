// npm run sweep [-- --dry-run]: sends whatever the identities of the ledger (~/.nightfall-e2e/ledger.jsonl, or
// E2E_STATE_DIR) still hold on the test network back to the funder — after a run that died before its own sweep.
// First it rescues the L2 value a killed run left in its users' clients, which outlive it on this machine
// (fixtures/testnet/recovery/orphaned-clients.ts): withdrawn and de-escrowed to the users' L1 addresses, from where the sweep
// takes it; each rescue is printed and recorded in the ledger. A rescue or a sweep that fails exits non-zero.
// The network, the funder and the keys come from the same environment as the run (the testnet profile, and
// E2E_IDENTITY_MNEMONIC or the pre-certified client keys). `--dry-run` only lists the orphaned clients and what each
// identity holds.
import { parseArgs } from 'node:util';
import { formatUnits } from 'viem';
import { chainClients, Funder, l1Balances } from '../fixtures/chain';
import { CONSOLE_LEVEL_ENV, createLogger } from '../fixtures/log';
import { redact } from '../fixtures/secrets/redact';
import { IdentityLedger, sweepLedgerIdentities } from '../fixtures/recovery';
import {
  rescueOrphanedClients,
  rescueSummaryLine,
  targetForRescue,
} from '../fixtures/testnet/recovery/orphaned-clients';
import { readTestnetProfile } from '../fixtures/target';
import { identitySourceFor, keyForSlot } from '../fixtures/users/identity';
import { timeoutsFor } from '../fixtures/waits';

const { values: args } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } } });
// What was swept is this command's output: info unless E2E_LOG_LEVEL says otherwise.
process.env[CONSOLE_LEVEL_ENV] ??= 'info';
const logger = createLogger('e2e::sweep');

async function main(): Promise<number> {
  const profile = readTestnetProfile(process.env);
  const chainId = profile.chainId;
  const source = identitySourceFor({ name: 'testnet', identityKeys: profile.clientKeys });
  if (source.kind === 'fresh') {
    throw new Error(
      'neither E2E_IDENTITY_MNEMONIC nor E2E_TESTNET_CLIENT_KEYS is set: the ledger names identities by index, the keys come from them',
    );
  }
  const ledger = IdentityLedger.inStateDir();
  const keyFor = keyForSlot(source);
  const clients = chainClients({ rpcUrl: profile.rpcUrl, chainId }, profile.funderKey);
  const actualChainId = await clients.publicClient.getChainId();
  if (actualChainId !== chainId) throw new Error(`the RPC serves chain ${actualChainId}, the profile says ${chainId}`);
  const tokens = profile.tokens;
  const native = profile.nativeSymbol;
  logger.info(`ledger ${ledger.path}; funder ${clients.walletClient.account.address}; chain ${chainId}`);

  // Before the L1 sweep: what the rescue de-escrows lands on the identities' L1 addresses, and the sweep takes it.
  // A rescue that cannot even look (no docker engine) is named, and the L1 sweep still runs.
  const rescue = await targetForRescue(profile)
    .then((target) => rescueOrphanedClients({ target, ledger, keyFor, dryRun: args['dry-run'], logger }))
    .catch((error: unknown) => {
      logger.warn(
        redact(`the rescue of orphaned clients failed: ${error instanceof Error ? error.message : String(error)}`),
      );
      return undefined;
    });
  if (rescue && !args['dry-run']) logger.info(rescueSummaryLine(rescue));
  const rescueFailed = rescue === undefined || rescue.failed > 0;

  if (args['dry-run']) {
    for (const identity of (await ledger.identities()).filter((i) => i.chainIds.includes(chainId))) {
      const held = await l1Balances(clients.publicClient, identity.address, tokens);
      const parts = [
        `${formatUnits(held.native, 18)} ${native}`,
        ...tokens.map((t) => `${formatUnits(held.tokens[t.symbol]!, t.decimals)} ${t.symbol}`),
      ];
      logger.info(`${identity.kind} #${identity.index} ${identity.address}: ${parts.join(', ')}`);
    }
    return rescueFailed ? 1 : 0;
  }

  const funder = new Funder({
    publicClient: clients.publicClient,
    walletClient: clients.walletClient,
    tokens,
    receiptTimeoutMs: timeoutsFor('testnet', profile.timeouts).l1Receipt,
    logger,
  });
  const outcomes = await sweepLedgerIdentities({ ledger, funder, chainId, keyFor, logger });
  const count = (status: string) => outcomes.filter((outcome) => outcome.status === status).length;
  logger.info(
    `swept ${count('swept')}, skipped ${count('skipped')}, failed ${count('failed')} of ${outcomes.length} ledger identities`,
  );
  if (rescueFailed)
    logger.warn(
      `the rescue of orphaned clients failed (see above): what they hold on L2 stays in them until a rescue succeeds`,
    );
  return count('failed') > 0 || rescueFailed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    logger.error(`sweep failed: ${error.message}`);
    process.exit(1);
  },
);
