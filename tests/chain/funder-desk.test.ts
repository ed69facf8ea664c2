// The funder desk: several worker processes fund identities at the same time through the one process that signs and
// numbers the funder's transactions — none collides, every grant arrives exactly, the funder's nonces stay gap-free.
// Against the real anvil, in interval mining as on the devnet, where concurrent sends pile up in the pool.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createWalletClient, http, isAddressEqual, parseEther, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stablecoinAbi } from '../../docker/contracts/abi';
import type { DevnetDeployment } from '../../docker/deployer/deploy';
import {
  chainClients,
  devnetTokens,
  funderDeskWallet,
  l1Balances,
  startFunderDesk,
  type FunderDesk,
  type L1Token,
} from '../../fixtures/chain';
import { recordingLogger, type RecordingLogger } from '../../fixtures/log';
import { anvilDevAccount, DEPLOYER_ACCOUNT_INDEX } from '../../fixtures/network/dev-accounts';
import type { AnvilProcess } from '../support/anvil-process';
import { anvilWithContracts } from './support/anvil-with-contracts';

const run = promisify(execFile);
const WORKER = fileURLToPath(new URL('./support/fund-through-desk.ts', import.meta.url));
const WORKERS = 3;
const IDENTITIES_PER_WORKER = 4;

let anvil: AnvilProcess;
let deployment: DevnetDeployment;
let clients: ReturnType<typeof chainClients>;
let tokens: L1Token[];
let desk: FunderDesk;
let deskLog: RecordingLogger;

beforeAll(async () => {
  ({ anvil, deployment } = await anvilWithContracts());
  clients = chainClients({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId }, anvilDevAccount(DEPLOYER_ACCOUNT_INDEX).key);
  tokens = devnetTokens(deployment);
  // The devnet's mining mode during the scenarios: sends wait in the pool for the next block.
  await clients.publicClient.request({ method: 'evm_setAutomine' as never, params: [false] as never });
  await clients.publicClient.request({ method: 'evm_setIntervalMining' as never, params: [1] as never });
  deskLog = recordingLogger();
  desk = await startFunderDesk(clients.walletClient, { logger: deskLog });
});

afterAll(async () => {
  await desk?.close();
  await anvil?.stop();
});

const WorkerOutput = z.object({ identities: z.array(z.string()), transactions: z.array(z.string()) });

describe('the funder desk', () => {
  it('lets worker processes fund at the same time: no nonce collides, every grant arrives exactly', async () => {
    const funder = clients.walletClient.account.address;
    const nonceBefore = await clients.publicClient.getTransactionCount({ address: funder });
    const input = {
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      desk: desk.access,
      tokens,
      identities: IDENTITIES_PER_WORKER,
    };

    // Settled, not all: a failing worker must not leave the others sending into the next test.
    const settled = await Promise.allSettled(
      Array.from({ length: WORKERS }, async () => {
        const { stdout } = await run(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify(input)], {
          timeout: 90_000,
        }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
          throw new Error(`a worker failed: ${error.stdout ?? ''}${error.stderr ?? ''}${error.message}`);
        });
        return WorkerOutput.parse(JSON.parse(stdout.trim().split('\n').at(-1)!));
      }),
    );
    const failed = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
    expect(failed, 'every worker funded its identities').toEqual([]);
    const outputs = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));

    const hashes = outputs.flatMap((output) => output.transactions as Hash[]);
    const sent = await Promise.all(hashes.map((hash) => clients.publicClient.getTransaction({ hash })));
    const nonces = sent.map((tx) => tx.nonce).sort((a, b) => a - b);
    expect(
      sent.every((tx) => isAddressEqual(tx.from, funder)),
      'all signed by the funder',
    ).toBe(true);
    expect(nonces, 'one nonce each, none skipped').toEqual(
      Array.from({ length: hashes.length }, (_, i) => nonceBefore + i),
    );
    expect(await clients.publicClient.getTransactionCount({ address: funder })).toBe(nonceBefore + hashes.length);
    const granted = {
      native: parseEther('0.01'),
      tokens: Object.fromEntries(tokens.map((token) => [token.symbol, 10n ** BigInt(token.decimals)])),
    };
    const identities = outputs.flatMap((output) => output.identities as Address[]);
    expect(identities).toHaveLength(WORKERS * IDENTITIES_PER_WORKER);
    for (const identity of identities) {
      const { native, tokens: held } = await l1Balances(clients.publicClient, identity, tokens);
      expect({ native, tokens: held }, identity).toEqual(granted);
    }
    expect(deskLog.lines).toEqual([]);
  });

  it('turns away a caller without its token', async () => {
    const intruder = funderDeskWallet(clients.chain, { ...desk.access, token: 'f'.repeat(64) });
    await expect(intruder.sendTransaction({ to: anvilDevAccount(1).address, value: 1n })).rejects.toThrow(
      /401|Unauthorized|HTTP request failed/,
    );
  });

  it('signs for the funder only, and numbers the transactions itself', async () => {
    const other = createWalletClient({
      account: anvilDevAccount(1).address,
      chain: clients.chain,
      transport: http(desk.access.url, { fetchOptions: { headers: { authorization: `Bearer ${desk.access.token}` } } }),
    });
    await expect(other.sendTransaction({ to: anvilDevAccount(2).address, value: 1n })).rejects.toThrow(
      /sends for the funder .* only/,
    );
    const wallet = funderDeskWallet(clients.chain, desk.access);
    await expect(wallet.sendTransaction({ to: anvilDevAccount(2).address, value: 1n, nonce: 0 })).rejects.toThrow(
      /the desk assigns the funder's nonces/,
    );
  });

  it('numbers on after a refused transaction: the refused one takes no nonce, so none is skipped or repeated', async () => {
    const wallet = funderDeskWallet(clients.chain, desk.access);
    const funder = wallet.account.address;
    const held = (await l1Balances(clients.publicClient, funder, tokens)).tokens.dUSD!;
    const nonceBefore = await clients.publicClient.getTransactionCount({ address: funder, blockTag: 'pending' });
    const stranger = anvilDevAccount(3).address;
    const refused = wallet.writeContract({
      address: deployment.tokens.stablecoin,
      abi: stablecoinAbi,
      functionName: 'transfer',
      args: [stranger, held + 1n],
    });
    const accepted = [1n, 2n, 3n].map((value) => wallet.sendTransaction({ to: stranger, value }));
    await expect(refused).rejects.toThrow(/execution reverted/);
    const hashes = await Promise.all(accepted);
    const sent = await Promise.all(
      hashes.map((hash) =>
        clients.publicClient
          .waitForTransactionReceipt({ hash })
          .then(() => clients.publicClient.getTransaction({ hash })),
      ),
    );
    expect(sent.map((tx) => tx.nonce).sort((a, b) => a - b)).toEqual([nonceBefore, nonceBefore + 1, nonceBefore + 2]);
  });

  it("hands back the node's reason when a transaction would revert", async () => {
    const wallet = funderDeskWallet(clients.chain, desk.access);
    const stranger = anvilDevAccount(3).address;
    const held = (await l1Balances(clients.publicClient, wallet.account.address, tokens)).tokens.dUSD!;
    await expect(
      wallet.writeContract({
        address: deployment.tokens.stablecoin,
        abi: stablecoinAbi,
        functionName: 'transfer',
        args: [stranger, held + 1n],
      }),
    ).rejects.toThrow(/execution reverted: custom error 0xe450d38c/);
  });
});
