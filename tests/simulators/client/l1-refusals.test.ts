// An L1 node accepts a transaction only from a sender who can pay gasLimit × maxFeePerGas + value up front. With the
// builds' fixed limits (l1-gas.test.ts) a signer holding enough for 5M-gas transactions but not for a 500M-gas one
// is refused exactly where its build sends 500M, and the client reports it as the real build does:
// plume — POST /v1/de-escrow answers 400 "Failed to de-escrow funds" (drivers/rest/withdraw.rs:33-38 @
// plume_testnet_client 4e84c58), a deposit whose approval is refused ends Failed (token_contracts.rs:182-189);
// head — a refused ERC-3525 approval fails the deposit, and a refused automatic de-escrow is logged and never tried
// again (driven/event_handlers/nightfall_event.rs:359-371 @ master 6ee83be: the request's block is processed once).
import { describe, expect, it } from 'vitest';
import { parseEther, type Address } from 'viem';
import { erc3525Abi, erc721Abi } from '../../../docker/contracts/abi';
import { deEscrowBody, depositBody, withdrawBody, type TokenRef } from '../../../fixtures/api';
import { waitFor } from '../../../fixtures/waits';
import { apiFailure, submit, waitForCommitments, waitForStatus } from './support/client-api';
import type { ClientDevnet } from './support/client-devnet';
import { failureReason } from './support/logs';
import { transactionEventFor } from './support/notifications';
import { useClientDevnet } from './support/suite';

const PLENTY = parseEther('10');

/** Native coin for `gas` gas at the builds' max fee (2 × the current gas price). */
async function reservationFor(devnet: ClientDevnet, gas: bigint): Promise<bigint> {
  return gas * 2n * (await devnet.publicClient.getGasPrice());
}

/** The signer keeps enough for ten 5M-gas transactions: a tenth of what one 500M-gas transaction reserves. */
const poorButNotBroke = (devnet: ClientDevnet) => reservationFor(devnet, 50_000_000n);

async function nonceOf(devnet: ClientDevnet, address: Address): Promise<number> {
  return devnet.publicClient.getTransactionCount({ address, blockTag: 'latest' });
}

describe('client simulator (plume): a signer who cannot cover a 500M-gas reservation', () => {
  const suite = useClientDevnet({
    identities: 1,
    contracts: 'plume',
    clients: { client: { build: 'plume', webhooks: true, deriveKeys: true } },
  });
  const client = () => suite().clients.client;

  it('an ERC-721 deposit is Failed (its approval is refused, nothing is mined), an ERC-20 deposit still goes through', async () => {
    const { devnet } = suite();
    const { api, identity } = client();
    const erc721: TokenRef = { address: devnet.deployment.tokens.erc721, standard: 'ERC721' };
    await devnet.mintErc721(identity.address, 21n);
    await devnet.setNativeBalance(identity.address, await poorButNotBroke(devnet));
    const nonce = await nonceOf(devnet, identity.address);

    const refused = await submit(api, {
      operation: 'deposit',
      body: depositBody({ token: erc721, value: 0n, fee: 0n, tokenId: 21n }),
    });
    await waitForStatus(api, refused, ['Failed']);
    expect(await failureReason(client(), refused)).toMatch(
      /token approval failed: .*(insufficient funds|exceeds the balance)/i,
    );
    expect(await nonceOf(devnet, identity.address)).toBe(nonce);
    expect(
      await devnet.publicClient.readContract({
        address: erc721.address,
        abi: erc721Abi,
        functionName: 'ownerOf',
        args: [21n],
      }),
    ).toBe(identity.address);

    const accepted = await submit(api, {
      operation: 'deposit',
      body: depositBody({ token: devnet.stablecoin, value: 100n, fee: 0n }),
    });
    await waitForStatus(api, accepted, ['Confirmed']);
  });

  it('POST /v1/de-escrow answers 400 "Failed to de-escrow funds" and pays nothing; with the funds back it pays', async () => {
    const { devnet } = suite();
    const { api, identity } = client();
    const withdraw = withdrawBody({ token: devnet.stablecoin, value: 100n, recipient: identity.address, fee: 0n });
    const id = await submit(api, { operation: 'withdraw', body: withdraw });
    const salt = (JSON.parse((await transactionEventFor(client(), id)).response) as { withdraw_fund_salt: string })
      .withdraw_fund_salt;
    await waitForCommitments(
      api,
      'the withdrawn commitment Spent',
      (cs) => cs.find((c) => c.nullifier === salt)?.status === 'Spent',
    );
    const before = await devnet.stablecoinBalance(identity.address);

    await devnet.setNativeBalance(identity.address, await poorButNotBroke(devnet));
    const refusal = await apiFailure(api.deEscrow(deEscrowBody(withdraw, salt)));
    expect(refusal.isAnswer(400, 'Failed to de-escrow funds')).toBe(true);
    expect(await devnet.stablecoinBalance(identity.address)).toBe(before);

    await devnet.setNativeBalance(identity.address, PLENTY);
    await api.deEscrow(deEscrowBody(withdraw, salt));
    expect(await devnet.stablecoinBalance(identity.address)).toBe(before + 100n);
  });
});

describe('client simulator (head): the same signer', () => {
  const suite = useClientDevnet({
    identities: 1,
    contracts: 'head',
    clients: { client: { build: 'head', deriveKeys: true } },
  });
  const client = () => suite().clients.client;

  it('deposits ERC-721 (a 5M-gas approval on head) but not ERC-3525 (500M): Failed, the token stays with its owner', async () => {
    const { devnet } = suite();
    const { api, identity } = client();
    const { erc721, erc3525 } = devnet.deployment.tokens;
    await devnet.mintErc721(identity.address, 22n);
    const slotToken = await devnet.mintErc3525(identity.address, 3n, 40n);
    await devnet.setNativeBalance(identity.address, await poorButNotBroke(devnet));

    const nft = await submit(api, {
      operation: 'deposit',
      body: depositBody({ token: { address: erc721, standard: 'ERC721' }, value: 0n, fee: 0n, tokenId: 22n }),
    });
    await waitForStatus(api, nft, ['Confirmed']);
    const slot = await submit(api, {
      operation: 'deposit',
      body: depositBody({ token: { address: erc3525, standard: 'ERC3525' }, value: 40n, fee: 0n, tokenId: slotToken }),
    });
    await waitForStatus(api, slot, ['Failed']);
    expect(
      await devnet.publicClient.readContract({
        address: erc3525,
        abi: erc3525Abi,
        functionName: 'ownerOf',
        args: [slotToken],
      }),
    ).toBe(identity.address);
  });

  it('a refused automatic de-escrow is logged, leaves the claim open and is never tried again', async () => {
    const { devnet } = suite();
    const { api, identity, logs } = client();
    await devnet.setNativeBalance(identity.address, PLENTY);
    await waitForStatus(
      api,
      await submit(api, {
        operation: 'deposit',
        body: depositBody({ token: devnet.stablecoin, value: 100n, fee: 0n }),
      }),
      ['Confirmed'],
    );
    const before = await devnet.stablecoinBalance(identity.address);

    await devnet.pauseProposer();
    let id: string;
    try {
      // With change, so that the withdraw confirms (and head de-escrows) when its block lands.
      id = await submit(api, {
        operation: 'withdraw',
        body: withdrawBody({ token: devnet.stablecoin, value: 60n, recipient: identity.address, fee: 0n }),
      });
      await waitForStatus(api, id, ['Submitted']);
      // Below what even a 5M-gas transaction reserves.
      await devnet.setNativeBalance(identity.address, await reservationFor(devnet, 1_000_000n));
    } finally {
      await devnet.resumeProposer();
    }
    await waitForStatus(api, id, ['Confirmed']);
    await waitFor({
      what: 'the automatic de-escrow to fail',
      timeoutMs: 30_000,
      probe: () => logs.filter((l) => l.includes(`${id} De-escrow operation failed`)).length,
      isDone: (n) => n > 0,
    });
    expect((await api.requestStatus(id)).child_request_args?.value).toBeDefined(); // kept: it did not happen

    // Funds back and another block processed: nothing retries it.
    await devnet.setNativeBalance(identity.address, PLENTY);
    await waitForStatus(
      api,
      await submit(api, { operation: 'deposit', body: depositBody({ token: devnet.stablecoin, value: 1n, fee: 0n }) }),
      ['Confirmed'],
    );
    expect(logs.filter((l) => l.includes(`${id} De-escrow operation failed`))).toHaveLength(1);
    expect((await api.requestStatus(id)).child_request_args).not.toBeNull();
    expect(await devnet.stablecoinBalance(identity.address)).toBe(before - 1n); // only the 1 just deposited left
  });
});
