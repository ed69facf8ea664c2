// The head build (NF4_SIM_CLIENT_BUILD=head, upstream master 6ee83be): server-generated request ids, deriveKey with the
// public key only, no /v1/de-escrow but an automatic de-escrow when a withdraw is Confirmed, child_request_args on the
// request, token_type and layer_2_block_number on commitments (EYBlockchain/nightfall_4_CE @ master 6ee83be).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nightfallAbi } from '../../../docker/contracts/abi';
import { nfTokenId } from '../../../fixtures/l1-contracts'; // the harness's derivation, checked by golden vectors
import { deEscrowBody, depositBody, hex64, withdrawBody } from '../../../fixtures/api';
import { waitFor } from '../../../fixtures/waits';
import {
  apiFailure,
  newMnemonic,
  queuedId,
  send,
  waitForCommitments,
  waitForStatus,
  type Submission,
} from './support/client-api';
import { allBlocksProcessed } from './support/notifications';
import { useClientDevnet } from './support/suite';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('client simulator, head build', () => {
  // The worker death is switched off here (the unit-test switch): the FeeToken deposit below would otherwise end the
  // worker, as in the real client, and every later test of the file needs it.
  const suite = useClientDevnet({
    identities: 1,
    contracts: 'head',
    clients: { client: { build: 'head', webhooks: true, quirks: { workerDeath: false } } },
  });
  const client = () => suite().clients.client;
  const stablecoin = () => suite().devnet.stablecoin;
  const withdraw = (value: bigint, fee = 0n) =>
    withdrawBody({ token: stablecoin(), value, recipient: client().identity.address, fee });

  /** Submits without an X-Request-ID: the server makes the id (a UUID v4) and returns it. */
  async function submitHead(submission: Submission): Promise<string> {
    const queued = await send(client().api, submission, { requestId: null });
    expect(queued.idAssignedBy).toBe('server');
    expect(queued.requestId).toMatch(V4);
    return queuedId(queued);
  }

  it('ignores X-Request-ID and returns a fresh UUID v4 per request', async () => {
    const { api } = client();
    const sent = randomUUID();
    const queued = await api.withdraw(withdraw(1n), { requestId: sent });
    expect(queued).toMatchObject({ httpStatus: 202, sentRequestId: sent, idAssignedBy: 'server' });
    expect(queued.requestId).toMatch(V4);
    expect(queued.requestId).not.toBe(sent);
    expect((await api.withdraw(withdraw(1n), { requestId: 'nope' })).httpStatus).toBe(202);
  });

  it('derives keys answering only the public key, and has no /v1/de-escrow route', async () => {
    const { api, exchanges } = client();
    expect((await api.deriveKey({ mnemonic: newMnemonic() })).shape).toBe('public-key-only');
    expect(Object.keys(JSON.parse(exchanges.at(-1)?.responseBody ?? 'null') as object)).toEqual(['zkp_public_key']);
    const deEscrow = await apiFailure(api.deEscrow(deEscrowBody(withdraw(1n), hex64(1n))));
    expect(deEscrow.isAnswer(404, 'NOT_FOUND')).toBe(true);
  });

  it('fails a FeeToken deposit (tokenType 4, a todo!() in the real client) when the worker death is switched off', async () => {
    const id = await submitHead({
      operation: 'deposit',
      body: { ...depositBody({ token: stablecoin(), value: 1n, fee: 0n }), tokenType: '4' },
    });
    await waitForStatus(client().api, id, ['Failed']);
  });

  it('records token_type and the L2 block number on commitments', async () => {
    const { api, exchanges } = client();
    const id = await submitHead({
      operation: 'deposit',
      body: depositBody({ token: stablecoin(), value: 300n, fee: 0n, depositFee: 3n }),
    });
    await waitForStatus(api, id, ['Confirmed']);
    const cs = await waitForCommitments(
      api,
      'deposits Unspent',
      (all) => all.length === 2 && all.every((c) => c.status === 'Unspent'),
    );
    expect(cs.map((c) => c.token_type).sort()).toEqual(['ERC20', 'FeeToken']);
    expect(cs.every((c) => c.layer_2_block_number !== null)).toBe(true);
    // head writes a JSON number (the schema also reads older builds' decimal strings, so look at the wire body).
    const wire = JSON.parse(exchanges.findLast((e) => e.path === '/v1/commitments')?.responseBody ?? '[]') as {
      layer_2_block_number: unknown;
    }[];
    expect(wire.map((c) => typeof c.layer_2_block_number)).toEqual(['number', 'number']);
  });

  it('keeps the de-escrow arguments on the request and de-escrows by itself once the withdraw is Confirmed', async () => {
    const { devnet } = suite();
    const { api, identity } = client();
    const before = await devnet.stablecoinBalance(identity.address);
    await devnet.pauseProposer();
    const id = await submitHead({ operation: 'withdraw', body: withdraw(100n, 1n) });
    const args = (await waitForStatus(api, id, ['Submitted'])).child_request_args;
    expect(args?.value).toBe(hex64(100n));
    expect((await api.commitments()).find((c) => c.nullifier === args?.withdrawFundSalt)?.status).toBe('PendingSpend');

    await devnet.resumeProposer();
    await waitForStatus(api, id, ['Confirmed']); // the fee commitment is on chain
    await waitFor({
      what: 'the automatic de-escrow to pay the recipient',
      timeoutMs: 30_000,
      probe: () => devnet.stablecoinBalance(identity.address),
      isDone: (b) => b === before + 100n,
    });
    await waitFor({
      what: 'child_request_args to be cleared',
      timeoutMs: 10_000,
      probe: () => api.requestStatus(id),
      isDone: (s) => s.child_request_args === null,
    });
  });

  it('never de-escrows an exact fee-less withdraw: it stays Submitted and its funds stay escrowed', async () => {
    const { devnet } = suite();
    const { api, identity } = client();
    const change = (await api.commitments()).find((c) => c.status === 'Unspent' && c.token_type === 'ERC20')!;
    const value = change.preimage.value;
    const id = await submitHead({ operation: 'withdraw', body: withdraw(value) });
    const salt = (await waitForStatus(api, id, ['Submitted'])).child_request_args!.withdrawFundSalt;
    await waitForCommitments(
      api,
      'the withdrawn commitment Spent',
      (all) => all.find((c) => c.nullifier === salt)?.status === 'Spent',
    );
    await allBlocksProcessed(devnet, client());
    const token = stablecoin().address;
    const data = {
      nf_token_id: nfTokenId(token, 0n),
      recipient_address: identity.address,
      value,
      withdraw_fund_salt: BigInt(`0x${salt}`),
    };
    const claimable = await devnet.publicClient.readContract({
      address: devnet.deployment.nightfall,
      abi: nightfallAbi,
      functionName: 'withdraw_processed',
      args: [data],
    });
    expect(claimable).toBe(true);
    expect(await api.requestStatus(id)).toMatchObject({ status: 'Submitted' });
  });
});
