// Each standard's own deposit and withdraw rules, as the real client and contract apply them
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/driven/contract_functions/token_contracts.rs
// `set_approval`): a deposit the client's approval guard refuses — an ERC-721 with a value, an ERC-1155 with neither
// value nor id, an ERC-20 with a token id — is Failed with nothing sent to L1 and nothing stored; an ERC-721 withdraw
// with a value finds no commitment to cover it. What the real system lets through is let through here too: an ERC-1155
// id with value 0 (nothing moves on L1), an ERC-3525 value above the token's.
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { erc1155Abi, erc3525Abi, erc721Abi } from '../../../docker/contracts/abi';
import { depositBody, withdrawBody, type DepositBody, type TokenRef, type TokenStandard } from '../../../fixtures/api';
import { queuedId, submit, waitForCommitments, waitForStatus, type Submission } from './support/client-api';
import { transactionEventFor } from './support/notifications';
import { failureReason } from './support/logs';
import { useClientDevnet } from './support/suite';

describe('client simulator: per-standard deposit and withdraw rules (plume)', () => {
  const suite = useClientDevnet({ identities: 1, clients: { client: { webhooks: true, deriveKeys: true } } });
  const client = () => suite().clients.client;
  const token = (standard: TokenStandard): TokenRef => {
    const { stablecoin, erc721, erc1155, erc3525 } = suite().devnet.deployment.tokens;
    return { address: { ERC20: stablecoin, ERC721: erc721, ERC1155: erc1155, ERC3525: erc3525 }[standard], standard };
  };
  const nonce = () => suite().devnet.publicClient.getTransactionCount({ address: client().identity.address });
  const snapshot = async () => (await client().api.commitments()).map((c) => `${c._id}:${c.status}`).sort();

  /** The request ends Failed, the client sent no L1 transaction (not even an approval) and stored nothing. */
  async function expectRefusedBeforeL1(submission: Submission, reason: string): Promise<void> {
    const { api } = client();
    const [nonceBefore, before] = [await nonce(), await snapshot()];
    const id = await submit(api, submission);
    await waitForStatus(api, id, ['Failed']);
    expect(await nonce(), 'no approval, no escrow: the client sent nothing').toBe(nonceBefore);
    expect(await snapshot()).toEqual(before);
    expect(await failureReason(client(), id), `the worker logs "${reason}"`).toContain(reason);
  }

  async function confirmedDeposit(body: DepositBody) {
    const { api } = client();
    const id = queuedId(await api.deposit(body));
    await waitForStatus(api, id, ['Confirmed']);
    const [hash] = JSON.parse((await transactionEventFor(client(), id)).response) as string[];
    const all = await waitForCommitments(api, `commitment ${hash} Unspent`, (cs) =>
      cs.some((c) => c._id === hash && c.status === 'Unspent'),
    );
    return all.find((c) => c._id === hash)!;
  }

  it('an ERC-721 deposit with a value is Failed before any approval; the NFT stays with its owner', async () => {
    const { devnet } = suite();
    const { identity } = client();
    await devnet.mintErc721(identity.address, 501n);
    await expectRefusedBeforeL1(
      { operation: 'deposit', body: depositBody({ token: token('ERC721'), value: 1n, fee: 0n, tokenId: 501n }) },
      'ERC721 approvals should have a value of 0',
    );
    const owner = await devnet.publicClient.readContract({
      address: token('ERC721').address,
      abi: erc721Abi,
      functionName: 'ownerOf',
      args: [501n],
    });
    expect(owner).toBe(identity.address);
  });

  it('an ERC-1155 deposit of value 0 of id 0 is Failed before any approval', async () => {
    await expectRefusedBeforeL1(
      { operation: 'deposit', body: depositBody({ token: token('ERC1155'), value: 0n, fee: 0n, tokenId: 0n }) },
      'ERC1155 approvals should have one of value or token ID non-zero',
    );
  });

  it('an ERC-20 deposit with a token id is Failed before any approval (the contract would refuse it too)', async () => {
    await expectRefusedBeforeL1(
      { operation: 'deposit', body: depositBody({ token: token('ERC20'), value: 1n, fee: 0n, tokenId: 1n }) },
      'ERC20 approvals should have a token ID of 0',
    );
  });

  it('an ERC-1155 deposit of value 0 of an id ≠ 0 is accepted: a commitment of value 0, and nothing moves on L1', async () => {
    const { devnet } = suite();
    const { identity } = client();
    const erc1155 = token('ERC1155');
    await devnet.mintErc1155(identity.address, 73n, 1n);
    const c = await confirmedDeposit(depositBody({ token: erc1155, value: 0n, fee: 0n, tokenId: 73n }));
    expect(c.preimage.value).toBe(0n);
    const held = await devnet.publicClient.readContract({
      address: erc1155.address,
      abi: erc1155Abi,
      functionName: 'balanceOf',
      args: [identity.address, 73n],
    });
    expect(held, 'safeTransferFrom of amount 0 moved nothing').toBe(1n);
  });

  it('an ERC-1155 deposit of id 0 with an amount is accepted', async () => {
    const { devnet } = suite();
    const { identity } = client();
    const erc1155 = token('ERC1155');
    await devnet.mintErc1155(identity.address, 0n, 10n);
    const c = await confirmedDeposit(depositBody({ token: erc1155, value: 4n, fee: 0n, tokenId: 0n }));
    expect(c.preimage.value).toBe(4n);
    const held = await devnet.publicClient.readContract({
      address: erc1155.address,
      abi: erc1155Abi,
      functionName: 'balanceOf',
      args: [identity.address, 0n],
    });
    expect(held).toBe(6n);
  });

  it('an ERC-721 withdraw with a value is Failed: the NFT commitment (value 0) cannot cover it and stays Unspent', async () => {
    const { devnet } = suite();
    const { identity } = client();
    const erc721 = token('ERC721');
    await devnet.mintErc721(identity.address, 502n);
    const nft = await confirmedDeposit(depositBody({ token: erc721, value: 0n, fee: 0n, tokenId: 502n }));
    const before = await snapshot();
    const id = await submit(client().api, {
      operation: 'withdraw',
      body: withdrawBody({ token: erc721, value: 1n, recipient: identity.address, fee: 0n, tokenId: 502n }),
    });
    await waitForStatus(client().api, id, ['Failed']);
    expect(await snapshot()).toEqual(before);
    expect(before).toContain(`${nft._id}:Unspent`);
    expect(await failureReason(client(), id)).toContain('Not enough commitments to cover the value');
  });

  it("an ERC-3525 deposit's value is not checked against the token's: the commitment holds the value claimed, the whole token is escrowed", async () => {
    const { devnet } = suite();
    const erc3525 = token('ERC3525');
    const tokenId = await devnet.mintErc3525(client().identity.address, 5n, 100n);
    const c = await confirmedDeposit(depositBody({ token: erc3525, value: 150n, fee: 0n, tokenId }));
    expect(c.preimage.value).toBe(150n);
    const [owner, held] = await Promise.all([
      devnet.publicClient.readContract({
        address: erc3525.address,
        abi: erc3525Abi,
        functionName: 'ownerOf',
        args: [tokenId],
      }),
      devnet.publicClient.readContract({
        address: erc3525.address,
        abi: erc3525Abi,
        functionName: 'balanceOf',
        args: [tokenId],
      }),
    ]);
    expect(getAddress(owner)).toBe(getAddress(devnet.deployment.nightfall));
    expect(held, 'the token still holds only what was minted').toBe(100n);
  });
});
