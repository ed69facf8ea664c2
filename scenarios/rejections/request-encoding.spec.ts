// Request-encoding rejections (docs/client-api.md, "Encodings" and "Endpoints";
// EYBlockchain/nightfall_4_CE @ plume_testnet_client 4e84c58 : nightfall_client/src/drivers/rest/client_nf_3.rs:140-150
// for the header; EYBlockchain/nightfall_4_CE @ master 6ee83be : lib/src/hex_conversion.rs:14-101,
// nightfall_client/src/driven/queue.rs:88-110 for the fields): a missing or malformed X-Request-ID is refused at once
// on the build that requires it; a field in the wrong form is accepted with 202 and only the client's queue worker
// fails the request later (`Failed`, no notification). Either way nothing moves: L1 and L2 balances of both users, the
// tokens in escrow and both clients' commitments. Each case is a well-formed body from the fixtures with the one field
// under test written wrongly.
import { it } from 'vitest';
import { depositBody, transferBody, units, withdrawBody, type TokenRef } from '../../fixtures/api';
import { callerRequestIds } from '../../fixtures/builds';
import {
  expectNothingMoved,
  expectQueuedThenFailed,
  expectRefusal,
  rejectionToken,
  watchLedgers,
} from '../../fixtures/expectations';
import { describeScenario, needingEach, setUp, tearDown } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import { giveConfirmedL2Holding, type User } from '../../fixtures/users';
import { submitAsIs, type RawSubmission } from '../../fixtures/users/raw-submissions';

const target = currentTarget();
const token = rejectionToken(target);
const erc20: TokenRef = { address: token.address, standard: 'ERC20' };
const amount = {
  deposit: units(token, token.amounts.deposit),
  transfer: units(token, token.amounts.transfer),
  withdraw: units(token, token.amounts.withdraw),
};

describeScenario(
  { epic: 'Rejections', feature: 'Request encoding' },
  `Request-encoding rejections (${token.symbol}): request ids, amounts, token ids, token types`,
  () => {
    let cast: Cast;
    let alice: User;
    let bob: User;

    setUp(async () => {
      // Alice holds the token on L1 and on L2, so that each refusal is about the encoding and nothing else.
      cast = await startCast(target, ['alice', 'bob'], {
        tokens: { alice: { [token.symbol]: 2n * amount.deposit } },
        scenario: 'request-encoding rejections',
      });
      [alice, bob] = cast.users as [User, User];
      await giveConfirmedL2Holding(alice, token, token.amounts.deposit);
    });

    reportCastPerTest(() => cast);

    tearDown(async () => {
      await cast?.close();
    });

    const deposit = (): RawSubmission => ({
      operation: 'deposit',
      body: depositBody({ token: erc20, value: amount.deposit, fee: target.depositFeeWei }),
    });
    const transfer = (): RawSubmission => ({
      operation: 'transfer',
      body: transferBody({ token: erc20, value: amount.transfer, recipient: bob.zkpPublicKey, fee: 0n }),
    });
    const withdraw = (): RawSubmission => ({
      operation: 'withdraw',
      body: withdrawBody({ token: erc20, value: amount.withdraw, recipient: alice.l1Address, fee: 0n }),
    });
    /** `submission` with some of its body's fields written as given. */
    const written = (submission: RawSubmission, fields: Record<string, unknown>): RawSubmission =>
      ({ ...submission, body: { ...submission.body, ...fields } }) as RawSubmission;

    it.for([
      ['without X-Request-ID', null],
      ['with an X-Request-ID that is not a UUID', 'request-1'],
    ] as const)(
      'a deposit %s is refused at once (400 "Invalid request id"), not queued, and moves nothing',
      needingEach(
        () => callerRequestIds(alice),
        async ([how, requestId]: readonly [string, string | null]) => {
          const watch = await watchLedgers(cast.users, target.tokens);
          await expectRefusal(
            submitAsIs(alice, deposit(), { requestId }),
            400,
            'Invalid request id',
            `Alice's deposit ${how}`,
          );
          await expectNothingMoved(watch);
        },
      ),
    );

    // Amounts are 64 hex digits (docs/client-api.md, "Encodings"); the real client decodes any even-length hex, so what
    // it refuses is an odd digit count or a character that is not hex (EYBlockchain/nightfall_4_CE @ master 6ee83be :
    // lib/src/hex_conversion.rs:26-30).
    it.for([
      ['a deposit value in an odd number of hex digits ("0x1")', () => written(deposit(), { value: '0x1' })],
      ['a deposit value in decimal with a point ("1.5")', () => written(deposit(), { value: '1.5' })],
      [
        'a transfer value in an odd number of hex digits ("0x1")',
        () => {
          const t = transfer();
          return written(t, {
            recipientData: { ...(t.body as { recipientData: object }).recipientData, values: ['0x1'] },
          });
        },
      ],
      ['a withdraw fee in words ("zero")', () => written(withdraw(), { fee: 'zero' })],
    ] as const)('%s: accepted with 202, then Failed by the client, and nothing moves', async ([, submission]) => {
      await expectQueuedThenFailed(alice, submission(), cast.users, target.tokens);
    });

    it.for([
      ['a deposit token id longer than 32 bytes', () => written(deposit(), { tokenId: '00'.repeat(33) })],
      ['a withdraw token id in an odd number of hex digits ("000")', () => written(withdraw(), { tokenId: '000' })],
      [
        'a transfer token id in the short form with an odd digit count ("0x0")',
        () => written(transfer(), { tokenId: '0x0' }),
      ],
    ] as const)('%s: accepted with 202, then Failed by the client, and nothing moves', async ([, submission]) => {
      await expectQueuedThenFailed(alice, submission(), cast.users, target.tokens);
    });

    // An unknown *number* is silently taken as ERC-20 by the real client (EYBlockchain/nightfall_4_CE @ master 6ee83be :
    // lib/src/shared_entities.rs:207-222); what it refuses is a token type that is not a hex number of one byte.
    it.for([
      ['a deposit token type named instead of coded ("ERC20")', () => written(deposit(), { tokenType: 'ERC20' })],
      ['a deposit token type with a 0x prefix ("0x0")', () => written(deposit(), { tokenType: '0x0' })],
      ['a deposit token type beyond one byte ("100")', () => written(deposit(), { tokenType: '100' })],
    ] as const)('%s: accepted with 202, then Failed by the client, and nothing moves', async ([, submission]) => {
      await expectQueuedThenFailed(alice, submission(), cast.users, target.tokens);
    });
  },
);
