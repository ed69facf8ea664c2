// The funder and the L1 accounting helpers against a real anvil with the devnet contracts deployed.
import {
  createTestClient,
  formatEther,
  http,
  parseEther,
  parseEventLogs,
  parseUnits,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc1155Abi, erc3525Abi, erc721Abi } from '../../docker/contracts/abi';
import type { DevnetDeployment } from '../../docker/deployer/deploy';
import {
  awaitReceipts,
  chainClients,
  devnetTokens,
  diffBalances,
  Funder,
  gasCostOf,
  InsufficientFunderBalance,
  l1Balances,
  l1Tokens,
  walletFor,
  type L1Token,
} from '../../fixtures/chain';
import { recordingLogger } from '../../fixtures/log';
import { Secret } from '../../fixtures/secrets/secret';
import { WaitTimeoutError } from '../../fixtures/waits';
import { anvilDevAccount, DEPLOYER_ACCOUNT_INDEX } from '../../fixtures/network/dev-accounts';
import type { AnvilProcess } from '../support/anvil-process';
import { anvilWithContracts } from './support/anvil-with-contracts';

let anvil: AnvilProcess;
let deployment: DevnetDeployment;
let clients: ReturnType<typeof chainClients>;
let tokens: L1Token[];
let funder: Funder;

const RECEIPT_TIMEOUT_MS = 30_000;

beforeAll(async () => {
  ({ anvil, deployment } = await anvilWithContracts());
  clients = chainClients({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId }, anvilDevAccount(DEPLOYER_ACCOUNT_INDEX).key);
  tokens = devnetTokens(deployment);
  funder = newFunder(tokens);
});

afterAll(async () => {
  await anvil?.stop();
});

function newFunder(withTokens: L1Token[], wallet = clients.walletClient) {
  return new Funder({
    publicClient: clients.publicClient,
    walletClient: wallet,
    tokens: withTokens,
    receiptTimeoutMs: RECEIPT_TIMEOUT_MS,
    logger: recordingLogger(),
  });
}

function newIdentity(): { key: Secret<Hex>; address: Address } {
  const key = generatePrivateKey();
  return { key: new Secret(key), address: privateKeyToAddress(key) };
}

const balancesOf = (address: Address) => l1Balances(clients.publicClient, address, tokens);

describe('Funder', () => {
  it('funds many identities at once with coin, a wrapped and a minted token, to the last unit', async () => {
    const identities = Array.from({ length: 8 }, newIdentity);
    const grant = { native: parseEther('0.5'), tokens: { WGAS: parseEther('2'), dUSD: parseUnits('1000', 6) } };
    const funderBefore = await balancesOf(funder.address);
    const nonceBefore = await clients.publicClient.getTransactionCount({ address: funder.address });

    const { receipts, gasCost } = await funder.fund(identities.map(({ address }) => ({ to: address, ...grant })));

    // One wrap of the whole shortfall, then three transfers per identity, each with its own nonce.
    expect(receipts).toHaveLength(1 + 3 * identities.length);
    expect(await clients.publicClient.getTransactionCount({ address: funder.address })).toBe(
      nonceBefore + receipts.length,
    );
    for (const { address } of identities) {
      expect(await balancesOf(address)).toMatchObject({ native: grant.native, tokens: grant.tokens });
    }
    const n = BigInt(identities.length);
    expect(diffBalances(funderBefore, await balancesOf(funder.address))).toEqual({
      // The wrapped coin leaves the funder's native balance too; gas is accounted exactly.
      native: -(n * grant.native + n * grant.tokens.WGAS + gasCost),
      tokens: { WGAS: 0n, dUSD: 0n },
    });
  });

  it('packs concurrent sends into shared blocks under interval mining, as on the running devnet', async () => {
    const anvilControl = createTestClient({ mode: 'anvil', chain: clients.chain, transport: http(anvil.rpcUrl) });
    await anvilControl.setIntervalMining({ interval: 1 });
    try {
      const identities = Array.from({ length: 5 }, newIdentity);
      const { receipts } = await funder.fund(
        identities.map(({ address }) => ({ to: address, native: 1_000n, tokens: { dUSD: 2_000n } })),
      );
      expect(new Set(receipts.map((receipt) => receipt.blockNumber)).size).toBeLessThan(receipts.length);
      for (const { address } of identities)
        expect(await balancesOf(address)).toMatchObject({ native: 1_000n, tokens: { dUSD: 2_000n } });
    } finally {
      await anvilControl.setAutomine(true);
    }
  });

  it('wraps only what the funder lacks', async () => {
    const donor = newIdentity();
    await funder.fund([{ to: donor.address, native: parseEther('1'), tokens: { WGAS: parseEther('3') } }]);
    await funder.sweepBack(donor.key); // the funder now holds 3 WGAS

    const recipient = newIdentity();
    const { receipts } = await funder.fund([{ to: recipient.address, tokens: { WGAS: parseEther('2') } }]);
    expect(receipts).toHaveLength(1); // the transfer, no wrap
    expect((await balancesOf(recipient.address)).tokens.WGAS).toBe(parseEther('2'));
  });

  it('on an account other processes fund from too, wraps every unit it grants: what the funder holds may be promised', async () => {
    const donor = newIdentity();
    await funder.fund([{ to: donor.address, native: parseEther('1'), tokens: { WGAS: parseEther('3') } }]);
    await funder.sweepBack(donor.key); // the funder now holds 3 WGAS, which another worker's batch may be about to send
    const shared = new Funder({
      publicClient: clients.publicClient,
      walletClient: clients.walletClient,
      tokens,
      receiptTimeoutMs: RECEIPT_TIMEOUT_MS,
      sharedAccount: true,
      logger: recordingLogger(),
    });
    const heldBefore = (await balancesOf(funder.address)).tokens.WGAS!;

    const recipient = newIdentity();
    const { receipts } = await shared.fund([{ to: recipient.address, tokens: { WGAS: parseEther('2') } }]);
    expect(receipts).toHaveLength(2); // the wrap of all 2 WGAS, then the transfer
    expect((await balancesOf(recipient.address)).tokens.WGAS).toBe(parseEther('2'));
    expect((await balancesOf(funder.address)).tokens.WGAS).toBe(heldBefore);
  });

  it('sweeps an identity back to exactly zero, gas included', async () => {
    const identity = newIdentity();
    await funder.fund([{ to: identity.address, native: parseEther('0.25'), tokens: { WGAS: 12345n, dUSD: 678n } }]);
    // The identity spends a little, as a client would, so that the sweep has an odd amount to return.
    const spend = await walletFor(clients.chain, identity.key).sendTransaction({ to: funder.address, value: 1n });
    await awaitReceipts(clients.publicClient, [{ label: 'identity spends', hash: spend }], {
      timeoutMs: RECEIPT_TIMEOUT_MS,
    });
    const identityBefore = await balancesOf(identity.address);
    const funderBefore = await balancesOf(funder.address);

    const swept = await funder.sweepBack(identity.key);

    expect(swept.nativeLeft).toBe(0n);
    expect(await balancesOf(identity.address)).toMatchObject({ native: 0n, tokens: { WGAS: 0n, dUSD: 0n } });
    expect(swept.returned).toEqual({
      native: identityBefore.native - swept.gasCost,
      tokens: { WGAS: 12345n, dUSD: 678n },
    });
    expect(diffBalances(funderBefore, await balancesOf(funder.address))).toEqual({
      native: swept.returned.native,
      tokens: { WGAS: 12345n, dUSD: 678n },
    });
  });

  it('refuses grants it cannot cover before sending anything', async () => {
    // On the test network the stablecoin can only be transferred from the funder's own holdings.
    const transferOnly = l1Tokens(
      tokens.map((token) => ({ ...token, funding: token.symbol === 'dUSD' ? 'transfer' : token.funding })),
    );
    const poorFunder = newFunder(transferOnly);
    const nonceBefore = await clients.publicClient.getTransactionCount({
      address: funder.address,
      blockTag: 'pending',
    });
    const held = (await balancesOf(funder.address)).tokens.dUSD!;

    await expect(
      poorFunder.fund([{ to: newIdentity().address, native: 1n, tokens: { dUSD: held + 1n } }]),
    ).rejects.toThrow(InsufficientFunderBalance);
    await expect(poorFunder.fund([{ to: newIdentity().address, tokens: { USDT: 1n } }])).rejects.toThrow(
      /unknown token USDT; configured: WGAS, dUSD/,
    );
    expect(await clients.publicClient.getTransactionCount({ address: funder.address, blockTag: 'pending' })).toBe(
      nonceBefore,
    );
  });

  it('names the grant whose transaction could not be sent', async () => {
    const stranger = newIdentity();
    await funder.fund([{ to: stranger.address, native: parseEther('1') }]);
    // Not the stablecoin's owner: its mint reverts.
    const notOwner = newFunder(tokens, walletFor(clients.chain, stranger.key));
    const target = newIdentity().address;
    await expect(notOwner.fund([{ to: target, tokens: { dUSD: 5n } }])).rejects.toThrow(
      `could not send "fund ${target} 0.000005 dUSD"`,
    );
  });
});

describe('Funder.mint', () => {
  const read = <T>(args: Parameters<typeof clients.publicClient.readContract>[0]) =>
    clients.publicClient.readContract(args) as Promise<T>;

  it('mints each grant exactly: the ERC-721 owner, the ERC-1155 balance per id and holder, the ERC-3525 token (from the receipt) with its value and slot', async () => {
    const [alice, bob] = [newIdentity().address, newIdentity().address];
    const { erc721, erc1155, erc3525 } = deployment.tokens;
    const receipts = await funder.mint([
      { standard: 'ERC721', contract: erc721, to: alice, tokenId: 0x2an },
      { standard: 'ERC1155', contract: erc1155, to: alice, tokenId: 7n, amount: 40n },
      { standard: 'ERC1155', contract: erc1155, to: bob, tokenId: 8n, amount: 1n },
      { standard: 'ERC3525', contract: erc3525, to: bob, slot: 5n, value: 123n },
    ]);

    expect(
      receipts.map((r) => r.status),
      'every mint mined successfully',
    ).toEqual(['success', 'success', 'success', 'success']);
    expect(
      receipts.map((r) => r.to?.toLowerCase()),
      'receipts in the order of the grants',
    ).toEqual([erc721, erc1155, erc1155, erc3525].map((a) => a.toLowerCase()));
    expect(await read<Address>({ address: erc721, abi: erc721Abi, functionName: 'ownerOf', args: [0x2an] })).toBe(
      alice,
    );
    const balance1155 = (holder: Address, id: bigint) =>
      read<bigint>({ address: erc1155, abi: erc1155Abi, functionName: 'balanceOf', args: [holder, id] });
    expect(
      {
        alice7: await balance1155(alice, 7n),
        alice8: await balance1155(alice, 8n),
        bob7: await balance1155(bob, 7n),
        bob8: await balance1155(bob, 8n),
      },
      'ERC-1155 per id and holder',
    ).toEqual({ alice7: 40n, alice8: 0n, bob7: 0n, bob8: 1n });

    // The contract picks the ERC-3525 token id: the mint's TransferValue(0 → id, value) in its receipt names it.
    const minted = parseEventLogs({ abi: erc3525Abi, eventName: 'TransferValue', logs: receipts[3]!.logs });
    expect(minted.map((log) => [log.args.fromTokenId, log.args.value])).toEqual([[0n, 123n]]);
    const tokenId = minted[0]!.args.toTokenId;
    const token = (functionName: 'ownerOf' | 'slotOf' | 'balanceOf') =>
      read<unknown>({ address: erc3525, abi: erc3525Abi, functionName, args: [tokenId] });
    expect(
      { owner: await token('ownerOf'), slot: await token('slotOf'), value: await token('balanceOf') },
      `ERC-3525 token #${tokenId}`,
    ).toEqual({ owner: bob, slot: 5n, value: 123n });
  });

  it('names the grant whose mint could not be sent, and mints nothing for it', async () => {
    const stranger = newIdentity();
    await funder.fund([{ to: stranger.address, native: parseEther('1') }]);
    // Not the collection's owner: its mint reverts in estimation, so it is never sent.
    const notOwner = newFunder(tokens, walletFor(clients.chain, stranger.key));
    const to = newIdentity().address;
    const { erc1155 } = deployment.tokens;
    await expect(
      notOwner.mint([{ standard: 'ERC1155', contract: erc1155, to, tokenId: 9n, amount: 3n }]),
    ).rejects.toThrow(`could not send "mint 3 of ERC-1155 #9 of ${erc1155} to ${to}"`);
    expect(await read<bigint>({ address: erc1155, abi: erc1155Abi, functionName: 'balanceOf', args: [to, 9n] })).toBe(
      0n,
    );
  });
});

describe('L1 accounting', () => {
  it('gasCostOf explains a sender balance change to the wei', async () => {
    const sender = newIdentity();
    await funder.fund([{ to: sender.address, native: parseEther('1'), tokens: { dUSD: 1_000n } }]);
    const wallet = walletFor(clients.chain, sender.key);
    const before = await balancesOf(sender.address);

    const hashes = [
      await wallet.sendTransaction({ to: funder.address, value: parseEther('0.1') }),
      await wallet.writeContract({
        address: deployment.tokens.stablecoin,
        abi: [
          {
            type: 'function',
            name: 'transfer',
            stateMutability: 'nonpayable',
            inputs: [
              { name: 'to', type: 'address' },
              { name: 'amount', type: 'uint256' },
            ],
            outputs: [{ type: 'bool' }],
          },
        ],
        functionName: 'transfer',
        args: [funder.address, 400n],
      }),
    ];
    const receipts = await awaitReceipts(
      clients.publicClient,
      hashes.map((hash, i) => ({ label: `spend ${i}`, hash })),
      { timeoutMs: RECEIPT_TIMEOUT_MS },
    );
    const change = diffBalances(before, await balancesOf(sender.address));

    expect(change).toEqual({
      native: -(parseEther('0.1') + gasCostOf(receipts[0]!) + gasCostOf(receipts[1]!)),
      tokens: { WGAS: 0n, dUSD: -400n },
    });
    expect(formatEther(-change.native)).toMatch(/^0\.1000/);
  });

  it('snapshots are pinned to one block', async () => {
    const earlier = await clients.publicClient.getBlockNumber();
    const identity = newIdentity();
    await funder.fund([{ to: identity.address, native: 7n }]);
    expect((await l1Balances(clients.publicClient, identity.address, tokens, { blockNumber: earlier })).native).toBe(
      0n,
    );
    expect((await l1Balances(clients.publicClient, identity.address, tokens)).native).toBe(7n);
  });

  it('a receipt that never comes times out with the sender nonces as diagnosis', async () => {
    const ghost = `0x${'ab'.repeat(32)}` as const;
    const error = await awaitReceipts(clients.publicClient, [{ label: 'ghost transfer', hash: ghost }], {
      timeoutMs: 200,
      sender: funder.address,
      logger: recordingLogger(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^Timed out after 200 ms waiting for receipt of "ghost transfer"\\.\\nLast seen \\(after \\d+ probes\\): 0 of 1 mined; pending: ghost transfer \\(${ghost}\\)\\nDiagnosis: latest block \\d+; sender ${funder.address} has nonce \\d+ mined and \\d+ pending$`,
      ),
    );
  });
});
