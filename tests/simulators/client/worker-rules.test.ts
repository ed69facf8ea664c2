// Input rules that the real client checks only in its queue worker (after the 202): each bad request ends `Failed`
// before any input is reserved, so every stored commitment stays as it was, and the worker goes on with the next
// request. Sources: EYBlockchain/nightfall_4_CE @ master 6ee83be : lib/src/hex_conversion.rs:14-101,
// lib/src/shared_entities.rs:207-222 (hex and token type rules),
// lib/src/plonk_prover/circuits/unified_circuit.rs:111-119 (range limits); docs/client-api.md, "Encodings".
// Every body is a valid one from fixtures/api's builders with the one field under test overridden. What fails after
// selection (fee beyond the fee balance, an identity-point recipient, a recipient the circuit cannot take, a proposer's
// refusal) ends differently per build: ./failed-spends.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { compressPublicKey } from '../../../docker/lib/crypto/curve';
import { deriveKeys as deriveZkpKeys } from '../../../docker/lib/crypto/keys';
import {
  depositBody,
  DEFAULT_CHILD_PATH,
  hex64,
  transferBody,
  withdrawBody,
  type DepositBody,
  type TransferBody,
  type WithdrawBody,
} from '../../../fixtures/api';
import { waitFor } from '../../../fixtures/waits';
import {
  newMnemonic,
  queuedId,
  submit,
  waitForCommitments,
  waitForStatus,
  type Submission,
} from './support/client-api';
import { useClientDevnet } from './support/suite';

describe('client simulator worker: bad inputs fail the request, never the worker (plume)', () => {
  // The worker death is switched off (the unit-test switch) so that the one real panic site in this list (an empty
  // values list) fails its request like the others; the death itself is the last describe's subject.
  const suite = useClientDevnet({
    identities: 2,
    clients: { client: { deriveKeys: true, quirks: { workerDeath: false } } },
  });
  const client = () => suite().clients.client;
  const stablecoin = () => suite().devnet.stablecoin;
  const withdrawRecipient = () => suite().devnet.identities[1]!.address;
  // Someone to send to (no client needed: only the sender's side is under test).
  const recipientKey = compressPublicKey(deriveZkpKeys(newMnemonic().reveal(), DEFAULT_CHILD_PATH).zkpPublicKey);

  beforeAll(async () => {
    // Something to spend: a value deposit and a fee deposit.
    const { api } = client();
    const id = queuedId(
      await api.deposit(depositBody({ token: stablecoin(), value: 1_000n, fee: 0n, depositFee: 5n })),
    );
    await waitForStatus(api, id, ['Confirmed']);
    await waitForCommitments(
      api,
      'the deposits Unspent',
      (cs) => cs.length === 2 && cs.every((c) => c.status === 'Unspent'),
    );
  });

  const snapshot = async () => (await client().api.commitments()).map((c) => `${c._id}:${c.status}`).sort();

  async function expectFails(submission: Submission): Promise<void> {
    const before = await snapshot();
    const id = await submit(client().api, submission);
    await waitForStatus(client().api, id, ['Failed']);
    expect(await snapshot()).toEqual(before);
  }

  const deposit = (overrides: Partial<DepositBody>): Submission => ({
    operation: 'deposit',
    body: { ...depositBody({ token: stablecoin(), value: 1n, fee: 0n }), ...overrides },
  });
  const transfer = (overrides: Partial<TransferBody>, value = 10n, fee = 0n): Submission => ({
    operation: 'transfer',
    body: { ...transferBody({ token: stablecoin(), value, recipient: recipientKey, fee }), ...overrides },
  });
  const withdraw = (overrides: Partial<WithdrawBody>, value = 10n): Submission => ({
    operation: 'withdraw',
    body: { ...withdrawBody({ token: stablecoin(), value, recipient: withdrawRecipient(), fee: 0n }), ...overrides },
  });
  const recipients = (keys: string[], values = [hex64(10n)]): Partial<TransferBody> => ({
    recipientData: { values, recipientCompressedZkpPublicKeys: keys },
  });

  it.each([
    ['deposit: an odd number of hex digits in value', () => deposit({ value: '0x1' })],
    ['deposit: a non-hex value', () => deposit({ value: 'zz' })],
    ['deposit: tokenType with a 0x prefix', () => deposit({ tokenType: '0x0' })],
    ['deposit: tokenType too large for a u8', () => deposit({ tokenType: '100' })],
    ['deposit: an odd-length ercAddress', () => deposit({ ercAddress: `0x0${stablecoin().address.slice(2)}` })],
    ['deposit: an ercAddress above 160 bits', () => deposit({ ercAddress: `0x01${stablecoin().address.slice(2)}` })],
    ['deposit: a tokenId longer than 32 bytes', () => deposit({ tokenId: '00'.repeat(33) })],
    ['transfer: an odd-length short tokenId', () => transfer({ tokenId: '0x0' })],
    ['transfer: an odd-length value', () => transfer(recipients([recipientKey], ['0x1']))],
    ['transfer: a recipient key that is not hex', () => transfer(recipients(['zz']))],
    ['transfer: a recipient key off the curve', () => transfer(recipients(['ff'.repeat(32)]))],
    ['transfer: no recipient key', () => transfer(recipients([]))],
    [
      'transfer: an empty values list (a worker panic in the real client; here switched off)',
      () => transfer(recipients([recipientKey], [])),
    ],
    ['transfer: more than the balance', () => transfer({}, 1_001n)],
    ['withdraw: more than the balance', () => withdraw({}, 5_000n)],
    ['withdraw: an odd-length tokenId', () => withdraw({ tokenId: '000' })],
  ] as const)('%s → Failed, nothing changed', async (_name, submission) => {
    await expectFails(submission());
  });

  it('still serves valid requests afterwards: a transfer with the short tokenId form "0x00"', async () => {
    const { api } = client();
    const id = await submit(api, transfer({ tokenId: '0x00' }, 10n, 1n));
    await waitForStatus(api, id, ['Confirmed']);
    const cs = await api.commitments();
    expect(cs.filter((c) => c.status === 'Spent')).toHaveLength(2); // the value and the fee deposit
  });

  it('takes an unknown tokenType ≥ 5 as ERC-20 with a warning, and accepts short and empty amounts', async () => {
    const { api, logs } = client();
    const id = await submit(api, deposit({ tokenType: '7', value: '0x05', fee: '' }));
    await waitForStatus(api, id, ['Confirmed']);
    expect(
      logs.some((l) => l.includes('WARN') && l.includes('TokenType value 7 not supported, defaulting to ERC20')),
    ).toBe(true);
  });

  it('accepts a withdraw in the short 0x forms: recipient (the real client parses it as a number), token id and amounts', async () => {
    const { api } = client();
    const id = await submit(
      api,
      withdraw({ recipientAddress: withdrawRecipient().toLowerCase(), tokenId: '0x00', value: '0x05', fee: '0x00' }),
    );
    await waitForStatus(api, id, ['Submitted', 'Confirmed']);
  });
});

describe('client simulator worker death (the default)', () => {
  const suite = useClientDevnet({ identities: 1, clients: { client: { deriveKeys: true } } });

  it("ends the worker at the real panic site with log-panics' line: later requests stay Queued", async () => {
    const { api, logs, keys } = suite().clients.client;
    const token = suite().devnet.stablecoin;
    const key = keys!.zkpPublicKey;
    const panicking = queuedId(
      await api.transfer({
        ...transferBody({ token, value: 1n, recipient: key, fee: 0n }),
        recipientData: { values: [], recipientCompressedZkpPublicKeys: [key] },
      }),
    );
    await waitFor({
      what: 'the worker to panic',
      timeoutMs: 10_000,
      probe: () =>
        logs.some((l) =>
          l.includes(
            "thread 'tokio-runtime-worker' panicked at 'called `Option::unwrap()` on a `None` value': nightfall_client/src/drivers/rest/client_nf_3.rs:449",
          ),
        ),
      isDone: (dead) => dead,
    });
    const stuck = queuedId(await api.deposit(depositBody({ token, value: 1n, fee: 0n })));
    expect(await api.requestStatus(panicking)).toMatchObject({ status: 'Processing' });
    expect(await api.requestStatus(stuck)).toMatchObject({ status: 'Queued' });
    expect(await api.queue()).toBe(1);
  });
});
