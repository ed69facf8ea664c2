// Deposits of every token standard (reference §6.3): the client approves the way each standard needs, escrows, and
// stores a commitment with the right nf ids (ERC-3525: nf_slot_id from the token's slot); an NFT round-trips through
// withdraw and de-escrow back to L1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc1155Abi, erc721Abi } from '../../../docker/contracts/abi';
import { nfSlotId, nfTokenId } from '../../../docker/lib/crypto/commitment';
import { deriveKeys, hex64, newMnemonic, submit, waitForCommitments, waitForStatus } from './support/client-api';
import { startClientDevnet, type ClientDevnet, type TestClient } from './support/client-devnet';
import { call } from './support/http';
import { transactionEventFor } from './support/notifications';
import { startWebhookSink, type WebhookSink } from './support/webhook-sink';

describe('client simulator deposits of ERC-721, ERC-1155 and ERC-3525 (plume)', () => {
  let devnet: ClientDevnet;
  let client: TestClient;
  let hooks: WebhookSink;

  beforeAll(async () => {
    devnet = await startClientDevnet({ clients: 1 });
    hooks = await startWebhookSink();
    client = await devnet.startTestClient(devnet.identities[0]!, { webhookUrl: hooks.url });
    await deriveKeys(client.url, newMnemonic());
  });
  afterAll(async () => {
    await devnet?.stop();
    await hooks?.close();
  });

  const deposit = (ercAddress: string, tokenType: string, tokenId: bigint, value: bigint) =>
    submit(client.url, 'deposit', { ercAddress, tokenId: hex64(tokenId), tokenType, value: hex64(value), fee: hex64(0n), deposit_fee: hex64(0n) });

  async function depositedCommitment(id: string) {
    await waitForStatus(client.url, id, ['Confirmed']);
    const [hash] = JSON.parse((await transactionEventFor(hooks, id)).response) as string[];
    const cs = await waitForCommitments(client.url, `commitment ${hash} Unspent`, (all) => all.some((c) => c._id === hash && c.status === 'Unspent'));
    return cs.find((c) => c._id === hash)!;
  }

  it('ERC-721 (tokenType "2"): value 0, balance "0…0" while held, and back to L1 through withdraw + de-escrow', async () => {
    const { erc721 } = devnet.deployment.tokens;
    const owner = devnet.identities[0]!.address;
    await devnet.mintErc721(owner, 426n);
    const c = await depositedCommitment(await deposit(erc721, '2', 426n, 0n));
    expect(c.preimage.nf_token_id).toBe(hex64(nfTokenId(erc721, 426n)));
    expect(await call(client.url, 'GET', `/v1/balance/${erc721}/0x01aa`)).toMatchObject({ status: 200, text: hex64(0n) });

    const withdraw = await submit(client.url, 'withdraw', {
      ercAddress: erc721, tokenId: '0x01aa', tokenType: '2', value: '0x00', recipientAddress: owner, fee: '0x00',
    });
    const salt = (JSON.parse((await transactionEventFor(hooks, withdraw)).response) as { withdraw_fund_salt: string }).withdraw_fund_salt;
    await waitForCommitments(client.url, 'the NFT commitment Spent', (all) => all.find((x) => x.nullifier === salt)?.status === 'Spent');
    const body = { ercAddress: erc721, tokenId: '0x01aa', tokenType: '2', value: '0x00', recipientAddress: owner, withdrawFundSalt: salt };
    expect(await call(client.url, 'POST', '/v1/de-escrow', { json: body })).toMatchObject({ status: 200, text: 'OK' });
    const holder = await devnet.publicClient.readContract({ address: erc721, abi: erc721Abi, functionName: 'ownerOf', args: [426n] });
    expect(holder).toBe(owner);
  });

  it('ERC-1155 (tokenType "1"): the deposited amount of that id', async () => {
    const { erc1155 } = devnet.deployment.tokens;
    const owner = devnet.identities[0]!.address;
    await devnet.mintErc1155(owner, 2n, 100n);
    const c = await depositedCommitment(await deposit(erc1155, '1', 2n, 60n));
    expect(c.preimage.value).toBe(hex64(60n));
    expect(await devnet.publicClient.readContract({ address: erc1155, abi: erc1155Abi, functionName: 'balanceOf', args: [owner, 2n] })).toBe(40n);
    expect(await call(client.url, 'GET', `/v1/balance/${erc1155}/02`)).toMatchObject({ status: 200, text: hex64(60n) });
  });

  it('ERC-3525 (tokenType "3"): nf_slot_id comes from the token\'s slot, not its id', async () => {
    const { erc3525 } = devnet.deployment.tokens;
    const tokenId = await devnet.mintErc3525(devnet.identities[0]!.address, 5n, 100n);
    const c = await depositedCommitment(await deposit(erc3525, '3', tokenId, 100n));
    expect(c.preimage.nf_token_id).toBe(hex64(nfTokenId(erc3525, tokenId)));
    expect(c.preimage.nf_slot_id).toBe(hex64(nfSlotId(erc3525, 5n)));
  });
});
