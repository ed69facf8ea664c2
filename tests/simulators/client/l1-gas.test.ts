// The gas limit and fee caps of every L1 transaction the client sends, per build, read back from the mined
// transactions (build-profile.ts gasLimits; chain/l1.ts). Both builds send fixed limits with max fee = 2 × gas price
// and priority fee = gas price. plume: 5M for ERC-20 approvals and escrow, 500M for ERC-721/1155/3525 approvals and
// for descrow_funds (nightfall_contract.rs:139,309, token_contracts.rs:55,168,245,389 @ plume_testnet_client
// 4e84c58). head: 5M everywhere except 500M for ERC-3525 approvals (nightfall_contract.rs:89,205,
// token_contracts.rs:60,148,233,318 @ master 6ee83be).
import { describe, expect, it } from 'vitest';
import { deEscrowBody, depositBody, withdrawBody, type TokenRef } from '../../../fixtures/api';
import { waitFor } from '../../../fixtures/waits';
import { submit, waitForCommitments, waitForStatus } from './support/client-api';
import { transactionsSentBy } from './support/l1-transactions';
import { transactionEventFor } from './support/notifications';
import { useClientDevnet } from './support/suite';

type Build = 'plume' | 'head';
const M5 = 5_000_000n;
const M500 = 500_000_000n;

/** Every transaction of the sequence below, with the gas limit each build sends it with. */
const EXPECTED: Record<Build, [string, bigint][]> = {
  plume: [
    ['stablecoin.approve', M5],
    ['nightfall.escrow_funds', M5],
    ['erc721.approve', M500],
    ['nightfall.escrow_funds', M5],
    ['erc1155.setApprovalForAll', M500],
    ['nightfall.escrow_funds', M5],
    ['erc3525.approve', M500],
    ['nightfall.escrow_funds', M5],
    ['nightfall.descrow_funds', M500],
  ],
  head: [
    ['stablecoin.approve', M5],
    ['nightfall.escrow_funds', M5],
    ['erc721.approve', M5],
    ['nightfall.escrow_funds', M5],
    ['erc1155.setApprovalForAll', M5],
    ['nightfall.escrow_funds', M5],
    ['erc3525.approve', M500],
    ['nightfall.escrow_funds', M5],
    ['nightfall.descrow_funds', M5],
  ],
};

describe.each(['plume', 'head'] as const)(
  'client simulator (%s): gas limits and fee caps of its L1 transactions',
  (build: Build) => {
    const suite = useClientDevnet({
      identities: 1,
      contracts: build,
      clients: { client: { build, webhooks: true, deriveKeys: true } },
    });

    it("deposits of each standard, a withdraw and its de-escrow: each transaction with the build's gas limit, max fee = 2 × priority fee", async () => {
      const { devnet, clients } = suite();
      const { api, identity } = clients.client;
      const { tokens } = devnet.deployment;
      const ref = (address: TokenRef['address'], standard: TokenRef['standard']): TokenRef => ({ address, standard });
      await devnet.mintErc721(identity.address, 11n);
      await devnet.mintErc1155(identity.address, 2n, 10n);
      const slotToken = await devnet.mintErc3525(identity.address, 4n, 50n);
      const fromBlock = (await devnet.publicClient.getBlockNumber({ cacheTime: 0 })) + 1n;

      for (const body of [
        depositBody({ token: devnet.stablecoin, value: 100n, fee: 0n }),
        depositBody({ token: ref(tokens.erc721, 'ERC721'), value: 0n, fee: 0n, tokenId: 11n }),
        depositBody({ token: ref(tokens.erc1155, 'ERC1155'), value: 10n, fee: 0n, tokenId: 2n }),
        depositBody({ token: ref(tokens.erc3525, 'ERC3525'), value: 50n, fee: 0n, tokenId: slotToken }),
      ]) {
        await waitForStatus(api, await submit(api, { operation: 'deposit', body }), ['Confirmed']);
      }

      // A withdraw with change, so that head confirms it and de-escrows by itself; plume is asked to.
      const before = await devnet.stablecoinBalance(identity.address);
      const withdraw = withdrawBody({ token: devnet.stablecoin, value: 60n, recipient: identity.address, fee: 0n });
      const id = await submit(api, { operation: 'withdraw', body: withdraw });
      if (build === 'plume') {
        const salt = (
          JSON.parse((await transactionEventFor(clients.client, id)).response) as { withdraw_fund_salt: string }
        ).withdraw_fund_salt;
        await waitForCommitments(
          api,
          'the withdrawn commitment Spent',
          (cs) => cs.find((c) => c.nullifier === salt)?.status === 'Spent',
        );
        await api.deEscrow(deEscrowBody(withdraw, salt));
      }
      await waitFor({
        what: 'the de-escrow to pay the recipient',
        timeoutMs: 30_000,
        probe: () => devnet.stablecoinBalance(identity.address),
        isDone: (b) => b === before + 60n,
      });

      const sent = await transactionsSentBy(devnet.publicClient, devnet.deployment, identity.address, fromBlock);
      expect(sent.map((t) => [t.call, t.gas])).toEqual(EXPECTED[build]);
      for (const t of sent) {
        expect(t.maxPriorityFeePerGas, t.call).toBeGreaterThan(0n);
        expect(t.maxFeePerGas, t.call).toBe(2n * t.maxPriorityFeePerGas!);
      }
    });
  },
);
