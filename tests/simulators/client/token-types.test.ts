// Deposits of every token standard (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_client/src/driven/contract_functions/token_contracts.rs:18-361): the client approves the way each standard
// needs, escrows, and stores a commitment with the right nf ids (ERC-3525: nf_slot_id from the token's slot); an NFT
// round-trips through withdraw and de-escrow back to L1.
import { describe, expect, it } from 'vitest';
import { erc1155Abi, erc721Abi } from '../../../docker/contracts/abi';
// Expected ids from the harness's own derivation, which golden vectors from the real contracts check
// (fixtures/l1-contracts/token-ids.test.ts, fixtures/vectors/token-ids.json), never from the simulator's.
import { nfSlotId, nfTokenId } from '../../../fixtures/l1-contracts';
import {
  deEscrowBody,
  depositBody,
  hex64,
  withdrawBody,
  type DepositBody,
  type TokenRef,
  type TokenStandard,
} from '../../../fixtures/api';
import { queuedId, waitForCommitments, waitForStatus } from './support/client-api';
import { transactionEventFor } from './support/notifications';
import { useClientDevnet } from './support/suite';

describe('client simulator deposits of ERC-721, ERC-1155 and ERC-3525 (plume)', () => {
  const suite = useClientDevnet({ identities: 1, clients: { client: { webhooks: true, deriveKeys: true } } });
  const client = () => suite().clients.client;
  const tokens = () => suite().devnet.deployment.tokens;
  const token = (standard: Exclude<TokenStandard, 'ERC20'>): TokenRef => {
    const { erc721, erc1155, erc3525 } = tokens();
    return { address: { ERC721: erc721, ERC1155: erc1155, ERC3525: erc3525 }[standard], standard };
  };

  async function depositedCommitment(body: DepositBody) {
    const { api } = client();
    const id = queuedId(await api.deposit(body));
    await waitForStatus(api, id, ['Confirmed']);
    const [hash] = JSON.parse((await transactionEventFor(client(), id)).response) as string[];
    const cs = await waitForCommitments(api, `commitment ${hash} Unspent`, (all) =>
      all.some((c) => c._id === hash && c.status === 'Unspent'),
    );
    return cs.find((c) => c._id === hash)!;
  }

  it('ERC-721 (tokenType "2"): value 0, balance "0…0" while held, and back to L1 through withdraw + de-escrow', async () => {
    const { devnet } = suite();
    const { api, exchanges, identity } = client();
    const erc721 = token('ERC721');
    await devnet.mintErc721(identity.address, 426n);
    const deposit = depositBody({ token: erc721, value: 0n, fee: 0n, tokenId: 426n });
    expect(deposit.tokenType).toBe('2');
    const c = await depositedCommitment(deposit);
    expect(c.preimage.nf_token_id).toBe(hex64(nfTokenId(erc721.address, 426n)));
    expect(await api.balance(erc721.address, 426n)).toEqual({ raw: 0n, hasUnspent: true }); // 64 zeros, at /0x01aa

    const withdraw = withdrawBody({ token: erc721, value: 0n, recipient: identity.address, fee: 0n, tokenId: 426n });
    const id = queuedId(await api.withdraw(withdraw));
    const salt = (JSON.parse((await transactionEventFor(client(), id)).response) as { withdraw_fund_salt: string })
      .withdraw_fund_salt;
    await waitForCommitments(
      api,
      'the NFT commitment Spent',
      (all) => all.find((x) => x.nullifier === salt)?.status === 'Spent',
    );
    await api.deEscrow(deEscrowBody(withdraw, salt));
    expect(exchanges.at(-1)).toMatchObject({ path: '/v1/de-escrow', status: 200, responseBody: 'OK' });
    const holder = await devnet.publicClient.readContract({
      address: erc721.address,
      abi: erc721Abi,
      functionName: 'ownerOf',
      args: [426n],
    });
    expect(holder).toBe(identity.address);
  });

  it('ERC-1155 (tokenType "1"): the deposited amount of that id', async () => {
    const { devnet } = suite();
    const { api, identity } = client();
    const erc1155 = token('ERC1155');
    await devnet.mintErc1155(identity.address, 2n, 100n);
    const deposit = depositBody({ token: erc1155, value: 60n, fee: 0n, tokenId: 2n });
    expect(deposit.tokenType).toBe('1');
    const c = await depositedCommitment(deposit);
    expect(c.preimage.value).toBe(60n);
    expect(
      await devnet.publicClient.readContract({
        address: erc1155.address,
        abi: erc1155Abi,
        functionName: 'balanceOf',
        args: [identity.address, 2n],
      }),
    ).toBe(40n);
    for (const tokenId of [2n, '02']) {
      expect(await api.balance(erc1155.address, tokenId), String(tokenId)).toEqual({ raw: 60n, hasUnspent: true }); // /0x02 and /02
    }
  });

  it('ERC-3525 (tokenType "3"): nf_slot_id comes from the token\'s slot, not its id', async () => {
    const { devnet } = suite();
    const erc3525 = token('ERC3525');
    const tokenId = await devnet.mintErc3525(client().identity.address, 5n, 100n);
    const deposit = depositBody({ token: erc3525, value: 100n, fee: 0n, tokenId });
    expect(deposit.tokenType).toBe('3');
    const c = await depositedCommitment(deposit);
    expect(c.preimage.nf_token_id).toBe(hex64(nfTokenId(erc3525.address, tokenId)));
    expect(c.preimage.nf_slot_id).toBe(hex64(nfSlotId(erc3525.address, 5n)));
  });
});
