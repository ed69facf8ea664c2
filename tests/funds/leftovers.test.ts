// Nothing a failed run leaves behind is lost or leaked. A real scenario run (./failing-run/run.spec.ts, its own vitest)
// fails midway while Alice holds an Unspent commitment; afterwards every identity's L1 funds are back with the funder
// to the wei, Alice's client store survives as a private recovery bundle (and Bob, who holds nothing, gets none), the
// funds report matches the chain, and no secret of the run appears in its reports or its console output. Then a run
// that died before its own sweep is cleaned up from the identity ledger alone, as `npm run sweep` does.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { generateMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english';
import { getAddress, parseEther, type Address } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY } from '../../docker/lib/crypto/curve';
import { depositCommitment, depositSecretHash } from '../../docker/lib/crypto/commitment';
import { deriveKeys } from '../../docker/lib/crypto/keys';
import { DEFAULT_CHILD_PATH, units } from '../../fixtures/api';
import { Funder, gasCostOf, l1Balances, type L1BalanceSnapshot } from '../../fixtures/chain';
import { recordingLogger } from '../../fixtures/log';
import {
  bundleCommitments,
  fundsAttachmentName,
  IdentityLedger,
  modeOf,
  readRecoveryBundle,
  sweepLedgerIdentities,
} from '../../fixtures/recovery';
import { Secret, scanForSecrets } from '../../fixtures/secrets';
import { derivedL1Keys, IDENTITY_MNEMONIC_ENV, keyForSlot, keySlots } from '../../fixtures/users';
import { devnetPerFile } from '../support/devnet-per-file';
import { DEPOSITED, GRANTED, RUN_FILES, SCENARIO, SIMULATED_FAILURE } from './failing-run/shared';
import { runFailingRun, type FinishedRun } from './failing-run/start';

const BATCH_WINDOW_SECONDS = 1;
const RUN_TIMEOUT_MS = 240_000;

const local = devnetPerFile({ batchWindowSeconds: BATCH_WINDOW_SECONDS });

const dUSD = () => local.target.tokens.find((token) => token.symbol === 'dUSD')!;
const balancesOf = (address: Address, blockNumber?: bigint) =>
  l1Balances(
    local.target.funder.publicClient,
    address,
    local.target.tokens,
    blockNumber === undefined ? {} : { blockNumber },
  );

describe('a run that fails midway', () => {
  // The secret the run derives its identities from, as E2E_IDENTITY_MNEMONIC would give it on the live network.
  const identityMnemonic = new Secret(generateMnemonic(english, 256));
  const keyAt = derivedL1Keys(identityMnemonic);
  let out: string;
  let run: FinishedRun;
  let runSecrets: { name: string; address: Address; l1Key: string; mnemonic: string }[];
  let closed: { runId: string; problems: string[]; rescues: { user: string; bundlePath?: string }[] };
  let window: { fromBlock: bigint; toBlock: bigint };
  let before: Map<Address, L1BalanceSnapshot>;
  let after: Map<Address, L1BalanceSnapshot>;
  const alice = () => runSecrets.find((user) => user.name === 'alice')!;
  const bob = () => runSecrets.find((user) => user.name === 'bob')!;
  const funderAddress = () => local.target.funder.walletClient.account.address;
  /** The funder, the run's identities (ledger indices 0 and 1 of a fresh mnemonic) and the Nightfall contract. */
  const watched = () => [
    funderAddress(),
    privateKeyToAddress(keyAt(0).reveal()),
    privateKeyToAddress(keyAt(1).reveal()),
    local.target.contracts.nightfall,
  ];
  const snapshots = async (blockNumber: bigint) =>
    new Map(
      await Promise.all(watched().map(async (address) => [address, await balancesOf(address, blockNumber)] as const)),
    );

  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'nightfall-funds-'));
    const { publicClient } = local.target.funder;
    const startBlock = await publicClient.getBlockNumber();
    before = await snapshots(startBlock);
    run = await runFailingRun({
      facts: local.facts,
      out,
      timeoutMs: RUN_TIMEOUT_MS,
      env: { [IDENTITY_MNEMONIC_ENV]: identityMnemonic.reveal(), E2E_STATE_DIR: join(out, 'state') },
    });
    const endBlock = await publicClient.getBlockNumber();
    window = { fromBlock: startBlock + 1n, toBlock: endBlock };
    after = await snapshots(endBlock);
    runSecrets = JSON.parse(await readFile(join(out, RUN_FILES.secrets), 'utf8')) as typeof runSecrets;
    closed = JSON.parse(await readFile(join(out, RUN_FILES.closed), 'utf8')) as typeof closed;
  }, RUN_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    if (out) await rm(out, { recursive: true, force: true });
  });

  it('fails with its own failure, and closing it reports no problem', async () => {
    expect(run.exitCode, 'the run fails').toBe(1);
    const junit = await readFile(join(out, RUN_FILES.reports, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<failure[^>]*message="simulated failure midway/);
    expect(junit.includes(SIMULATED_FAILURE.replace("'", '&apos;')) || junit.includes(SIMULATED_FAILURE)).toBe(true);
    expect(closed.problems).toEqual([]);
    expect(runSecrets.map((user) => user.address)).toEqual([
      privateKeyToAddress(keyAt(0).reveal()),
      privateKeyToAddress(keyAt(1).reveal()),
    ]);
  });

  it("returns every identity's L1 funds to the funder, to the wei", async () => {
    const token = dUSD();
    for (const user of runSecrets) {
      expect(before.get(user.address), `${user.name} before the run`).toMatchObject({
        native: 0n,
        tokens: { dUSD: 0n, WGAS: 0n },
      });
      expect(after.get(user.address), `${user.name} after the run`).toMatchObject({
        native: 0n,
        tokens: { dUSD: 0n, WGAS: 0n },
      });
    }
    const funder = funderAddress();
    const change = (address: Address, symbol?: string) =>
      symbol
        ? after.get(address)!.tokens[symbol]! - before.get(address)!.tokens[symbol]!
        : after.get(address)!.native - before.get(address)!.native;
    // dUSD is minted to Alice: the funder gains what she did not deposit, the contract escrows what she did.
    expect(change(funder, 'dUSD')).toBe(units(token, GRANTED) - units(token, DEPOSITED));
    expect(change(local.target.contracts.nightfall, 'dUSD')).toBe(units(token, DEPOSITED));

    // The funder and the identities are one closed purse: it shrank by exactly the gas its members paid and the
    // value they sent out of it (the deposit fee). Everything granted came back.
    const members = new Set(watched().slice(0, 3));
    const spent = await spendingOf(members, window);
    expect(spent.valueOut).toBe(local.target.depositFeeWei);
    expect(change(funder)).toBe(-(spent.gas + spent.valueOut));
  });

  it("leaves Alice a private recovery bundle with her mnemonic and her commitment's salts, and Bob none", async () => {
    const path = closed.rescues.find((rescue) => rescue.user === 'alice')?.bundlePath;
    expect(path).toBe(join(out, 'state', 'recovery', closed.runId, 'alice.json'));
    expect(closed.rescues.find((rescue) => rescue.user === 'bob')?.bundlePath).toBeUndefined();
    expect(await readdir(dirname(path!))).toEqual(['alice.json']);
    expect(await modeOf(path!)).toBe(0o600);
    expect(await modeOf(dirname(path!))).toBe(0o700);
    expect(relative(resolve('reports'), path!).startsWith('..')).toBe(true);

    const bundle = await readRecoveryBundle(path!);
    expect(bundle.zkp).toEqual({ mnemonic: alice().mnemonic, childPath: DEFAULT_CHILD_PATH });
    expect(bundle.l1).toEqual({
      address: alice().address,
      origin: { kind: 'derived', index: 0, path: "m/44'/60'/0'/0/0" },
    });
    expect(bundle.atStake).toMatchObject([
      { status: 'Unspent', token: 'dUSD', value: units(dUSD(), DEPOSITED).toString() },
    ]);
    const [commitment, ...others] = bundleCommitments(bundle);
    expect(others).toEqual([]);
    // The salts are the real ones: they and the preimage give back the commitment's hash.
    const salt = commitment!.preimage.salt;
    if (salt.type !== 'Deposit') throw new Error(`expected a deposit salt, got ${salt.type}`);
    const secretHash = depositSecretHash({
      preimageOne: BigInt(`0x${salt.value.preimage_one}`),
      preimageTwo: BigInt(`0x${salt.value.preimage_two}`),
      preimageThree: BigInt(`0x${salt.value.preimage_three}`),
    });
    const hash = depositCommitment({
      nfTokenId: BigInt(`0x${commitment!.preimage.nf_token_id}`),
      nfSlotId: BigInt(`0x${commitment!.preimage.nf_slot_id}`),
      value: commitment!.preimage.value,
      secretHash,
    });
    expect(hash).toBe(BigInt(`0x${commitment!._id}`));
    expect(commitment!.preimage.public_key).toBe(IDENTITY.y.toString(16).padStart(64, '0'));
  });

  it('says where the bundle is, and what the run spent and left behind', () => {
    const path = join(out, 'state', 'recovery', closed.runId, 'alice.json');
    expect(
      run.output.includes(`recovery bundle for alice (1 commitment not yet spent): ${path}`),
      "the bundle's path is printed",
    ).toBe(true);
    const summary = run.output.split('\n').find((line) => line.includes(`funds of run ${closed.runId} (${SCENARIO})`));
    expect(summary, 'the funds summary line').toBeDefined();
    expect(summary).toContain(
      `left on L1: nothing; left on L2: ${DEPOSITED} dUSD in 1 commitment; recovery bundles: alice: ${path}`,
    );
  });

  it("attaches a funds report to the run's report that matches the chain", async () => {
    const funds = JSON.parse(
      await attachmentText(
        join(out, RUN_FILES.reports, 'allure-results'),
        fundsAttachmentName({ scenario: SCENARIO, runId: closed.runId }),
      ),
    ) as {
      totals: {
        funderGas: string;
        clientGas: string;
        clientValueSent: string;
        sweepGas: string;
        leftOnL1: { native: string };
        leftOnL2: unknown[];
      };
    };
    const funder = funderAddress();
    const identities = new Set(runSecrets.map((user) => user.address));
    const funding = await spendingOf(
      new Set([funder]),
      window,
      (tx) => getAddress(tx.to!) !== local.target.contracts.x509,
    );
    const clients = await spendingOf(identities, window);
    expect(BigInt(funds.totals.funderGas), "funding gas; the allowlisting is the target's and not counted").toBe(
      funding.gas,
    );
    expect(BigInt(funds.totals.clientGas) + BigInt(funds.totals.sweepGas)).toBe(clients.gas);
    expect(BigInt(funds.totals.clientValueSent)).toBe(local.target.depositFeeWei);
    expect(funds.totals.leftOnL1.native).toBe('0');
    expect(funds.totals.leftOnL2).toEqual([
      { token: 'dUSD', raw: units(dUSD(), DEPOSITED).toString(), commitments: 1 },
    ]);
  });

  it('leaks no secret of the run into its reports or its console output', async () => {
    const zkpKeys = runSecrets.map((user) => deriveKeys(user.mnemonic, DEFAULT_CHILD_PATH));
    const ofThisRun = [
      identityMnemonic,
      keyAt(0),
      keyAt(1),
      ...runSecrets.flatMap((user) => [user.l1Key, user.mnemonic]),
      ...zkpKeys.flatMap((keys) => [keys.rootKey, keys.nullifierKey, keys.zkpPrivateKey]),
    ];
    const secrets = [...ofThisRun, local.target.funderKey];
    expect(await scanForSecrets({ dir: join(out, RUN_FILES.reports) }, { secrets })).toEqual([]);
    expect(await scanForSecrets({ text: run.output, source: 'console output of the run' }, { secrets })).toEqual([]);
    // The repository's reports/ hold other tests' results too; the devnet funder's key is public and other tests
    // handle it, so only this run's own secrets are looked for there.
    if (existsSync('reports')) expect(await scanForSecrets({ dir: 'reports' }, { secrets: ofThisRun })).toEqual([]);
    // The scan does find them where they belong: in the bundle.
    const bundle = join(out, 'state', 'recovery', closed.runId, 'alice.json');
    expect(await scanForSecrets({ file: bundle }, { secrets: [alice().mnemonic] })).toHaveLength(1);
    expect(
      await scanForSecrets({ file: bundle }, { secrets: [bob().mnemonic, alice().l1Key, identityMnemonic] }),
    ).toEqual([]);
  });

  it('records both identities in the ledger: leased by the scenario, released as swept', async () => {
    const ledger = new IdentityLedger(join(out, 'state', 'ledger.jsonl'));
    const records = await ledger.records();
    expect(records.map((record) => [record.event, record.index, record.address])).toEqual([
      ['lease', 0, alice().address],
      ['lease', 1, bob().address],
      ['release', 0, alice().address],
      ['release', 1, bob().address],
    ]);
    expect(
      records.filter((record) => record.event === 'lease').map((record) => 'scenario' in record && record.scenario),
    ).toEqual([SCENARIO, SCENARIO]);
    expect(
      records.filter((record) => record.event === 'release').map((record) => 'swept' in record && record.swept),
    ).toEqual([true, true]);
    expect(await modeOf(ledger.path)).toBe(0o600);
    expect(await scanForSecrets({ file: ledger.path }, { secrets: [identityMnemonic, keyAt(0), keyAt(1)] })).toEqual(
      [],
    );
  });
});

describe('npm run sweep, after a run that died before its own sweep', () => {
  const identityMnemonic = new Secret(generateMnemonic(english, 256));
  const source = { kind: 'derived' as const, mnemonic: identityMnemonic };
  let dir: string;
  let ledger: IdentityLedger;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nightfall-sweep-'));
    ledger = new IdentityLedger(join(dir, 'ledger.jsonl'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('brings back what every identity of a dead run holds, leaves a running one alone, and records it', async () => {
    const funder = new Funder({
      ...local.target.funder,
      tokens: local.target.tokens,
      receiptTimeoutMs: local.target.timeouts.l1Receipt,
      logger: recordingLogger(),
    });
    const meta = { runId: 'dead-run', scenario: 'killed', chainId: local.target.chain.chainId };
    // Two runs leased identities and were funded: one was killed (its leases name a process that has exited), the
    // other still runs (this process: its client may be signing right now).
    const [deadA, deadB, running] = await ledger.lease(keySlots(source), 3, meta);
    const dead = [deadA!, deadB!];
    const deadOwner = `${hostname()}/${exitedPid()}`;
    const records = await ledger.records();
    await writeFile(
      ledger.path,
      records
        .map((record) =>
          JSON.stringify(
            dead.some((slot) => slot.address === record.address) ? { ...record, owner: deadOwner } : record,
          ),
        )
        .join('\n') + '\n',
    );
    const grants = [...dead, running!].map((slot) => ({
      to: slot.address,
      native: parseEther('0.5'),
      tokens: { dUSD: 1_234_567n },
    }));
    const funderBefore = await balancesOf(funder.address);
    const funding = await funder.fund(grants);

    const logger = recordingLogger();
    const outcomes = await sweepLedgerIdentities({
      ledger,
      funder,
      chainId: local.target.chain.chainId,
      keyFor: keyForSlot(source),
      logger,
    });

    expect(outcomes.map((outcome) => [outcome.slot.index, outcome.status])).toEqual([
      [0, 'swept'],
      [1, 'swept'],
      [2, 'skipped'],
    ]);
    for (const slot of dead)
      expect(await balancesOf(slot.address)).toMatchObject({ native: 0n, tokens: { dUSD: 0n, WGAS: 0n } });
    expect((await balancesOf(running!.address)).native).toBe(parseEther('0.5'));
    const sweepGas = outcomes.reduce(
      (sum, outcome) => sum + (outcome.status === 'swept' ? outcome.result.gasCost : 0n),
      0n,
    );
    const funderAfter = await balancesOf(funder.address);
    // The funder paid one grant's native for the running identity, plus the funding gas; the dead ones' gas of their sweeps.
    expect(funderAfter.native - funderBefore.native).toBe(-(parseEther('0.5') + funding.gasCost + sweepGas));
    expect(funderAfter.tokens.dUSD! - funderBefore.tokens.dUSD!).toBe(2n * 1_234_567n);
    expect(
      logger.lines.some((line) =>
        line.includes(`skipped: derived identity #2 ${running!.address} is leased by a running scenario`),
      ),
    ).toBe(true);
    const sweeps = (await ledger.records()).filter((record) => record.event === 'sweep');
    expect(sweeps.map((record) => [record.index, 'ok' in record && record.ok]).sort()).toEqual([
      [0, true],
      [1, true],
    ]);

    // A second sweep moves nothing; a mnemonic that is not the ledger's opens nothing.
    const again = await sweepLedgerIdentities({
      ledger,
      funder,
      chainId: local.target.chain.chainId,
      keyFor: keyForSlot(source),
      logger: recordingLogger(),
    });
    expect(again.flatMap((outcome) => (outcome.status === 'swept' ? [outcome.result.receipts.length] : []))).toEqual([
      0, 0,
    ]);
    const stranger = { kind: 'derived' as const, mnemonic: new Secret(generateMnemonic(english, 256)) };
    const wrongKeys = await sweepLedgerIdentities({
      ledger,
      funder,
      chainId: local.target.chain.chainId,
      keyFor: keyForSlot(stranger),
      logger: recordingLogger(),
    });
    expect(wrongKeys.map((outcome) => outcome.status === 'skipped' && outcome.reason)).toEqual([
      `derived identity #0 ${dead[0]!.address}: the configured mnemonic no longer opens it`,
      `derived identity #1 ${dead[1]!.address}: the configured mnemonic no longer opens it`,
      `derived identity #2 ${running!.address} is leased by a running scenario`,
    ]);
    await ledger.release([{ ...running!, swept: false }], 'running');
    await funder.sweepBack(running!.key());
  });
});

/** Gas paid by `members` and value they sent to addresses outside them, over the blocks of `window`. */
async function spendingOf(
  members: ReadonlySet<Address>,
  { fromBlock, toBlock }: { fromBlock: bigint; toBlock: bigint },
  include: (tx: { to: Address | null }) => boolean = () => true,
): Promise<{ gas: bigint; valueOut: bigint }> {
  const { publicClient } = local.target.funder;
  let gas = 0n;
  let valueOut = 0n;
  for (let n = fromBlock; n <= toBlock; n++) {
    const block = await publicClient.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions) {
      if (!members.has(getAddress(tx.from)) || !include(tx)) continue;
      gas += gasCostOf(await publicClient.getTransactionReceipt({ hash: tx.hash }));
      if (!tx.to || !members.has(getAddress(tx.to))) valueOut += tx.value;
    }
  }
  return { gas, valueOut };
}

/** The content of the attachment called `name` among allure results, of a test or of the run (a globals file). */
async function attachmentText(resultsDir: string, name: string): Promise<string> {
  const sources: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (record.name === name && typeof record.source === 'string') sources.push(record.source);
      Object.values(record).forEach(visit);
    }
  };
  for (const file of await readdir(resultsDir)) {
    if (/-(result|container|globals)\.json$/.test(file))
      visit(JSON.parse(await readFile(join(resultsDir, file), 'utf8')));
  }
  if (sources.length !== 1)
    throw new Error(`expected one attachment "${name}" in ${resultsDir}, found ${sources.length}`);
  return readFile(join(resultsDir, sources[0]!), 'utf8');
}

/** The pid of a process that has exited: what a killed run leaves in its leases. */
function exitedPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  if (pid === undefined) throw new Error('could not start a short-lived process');
  return pid;
}
