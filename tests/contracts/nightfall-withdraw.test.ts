// Withdraw → de-escrow (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// blockchain_assets/contracts/Nightfall.sol:573-639,772-777): a withdraw slot makes funds claimable once, by exactly
// its public data, in both generations (generations.test.ts has where they part: token types named by the caller,
// fee-token claims).
import { describe, expect, it } from 'vitest';
import { contractGenerations, TokenType } from '../../docker/contracts/abi';
import { depositStablecoin, proposeBlockMined } from './support/actions';
import { revertReasonOf, roles, useContractsDevnet } from './support/devnet';
import {
  block,
  depositSlot,
  field,
  nfTokenId,
  withdrawDataOf,
  withdrawSlot,
  type WithdrawData,
} from './support/nightfall-model';

const NOT_CLAIMABLE = 'Either no funds are available to withdraw, or they are already withdrawn';

describe.each(contractGenerations)('Nightfall withdraw and descrow_funds (ERC-20), %s era', (generation) => {
  const devnet = useContractsDevnet(generation);

  /** Alice deposits 100 stablecoins; returns the withdraw slot that sends `value` of them to Bob. */
  async function withdrawOfStablecoins(value: bigint) {
    const key = await depositStablecoin(devnet(), roles.alice, { value: 100n, fee: 0n, secretHash: field('s') });
    await proposeBlockMined(devnet(), block([depositSlot([key])], 0n, 'deposit block'));
    return withdrawSlot({
      fee: 0n,
      nf_token_id: nfTokenId(devnet().deployment.tokens.stablecoin, 0n),
      recipient_address: roles.bob.address,
      value,
      nullifier: field('spent deposit'),
    });
  }

  const processed = (data: WithdrawData) => devnet().contracts().nightfall.read.withdraw_processed([data]);
  const descrow = (data: WithdrawData, caller = roles.bob, tokenType: number = TokenType.ERC20) =>
    devnet().contracts(caller).nightfall.write.descrow_funds([data, tokenType]);
  const stablecoinsOf = (owner: `0x${string}`) => devnet().contracts().stablecoin.read.balanceOf([owner]);

  it('becomes claimable only once its block is proposed, and pays the recipient exactly once', async () => {
    const slot = await withdrawOfStablecoins(60n);
    const data = withdrawDataOf(slot);
    expect(await processed(data)).toBe(false);
    expect(await revertReasonOf(descrow(data))).toBe(NOT_CLAIMABLE);

    await proposeBlockMined(devnet(), block([slot], 0n, 'withdraw block'));
    expect(await processed(data)).toBe(true);
    await devnet().mined(descrow(data));

    expect(await stablecoinsOf(roles.bob.address)).toBe(60n);
    expect(await stablecoinsOf(devnet().deployment.nightfall)).toBe(40n);
    expect(await processed(data)).toBe(false);
    expect(await revertReasonOf(descrow(data))).toBe(NOT_CLAIMABLE);
  });

  it('pays the recipient whoever (certified) calls it, and refuses uncertified callers', async () => {
    const slot = await withdrawOfStablecoins(60n);
    await proposeBlockMined(devnet(), block([slot], 0n, 'withdraw block'));
    const data = withdrawDataOf(slot);
    expect(await revertReasonOf(descrow(data, roles.outsider))).toBe('Certified: not authorised by X509');
    await devnet().mined(descrow(data, roles.carol));
    expect(await stablecoinsOf(roles.bob.address)).toBe(60n);
    expect(await stablecoinsOf(roles.carol.address)).toBe(0n);
  });

  it.each<[string, (data: WithdrawData) => WithdrawData]>([
    ['salt', (data) => ({ ...data, withdraw_fund_salt: data.withdraw_fund_salt + 1n })],
    ['value', (data) => ({ ...data, value: data.value + 1n })],
    ['recipient', (data) => ({ ...data, recipient_address: roles.carol.address })],
    ['token id', (data) => ({ ...data, nf_token_id: data.nf_token_id + 1n })],
  ])('refuses a claim with the wrong %s', async (_, tamper) => {
    const slot = await withdrawOfStablecoins(60n);
    await proposeBlockMined(devnet(), block([slot], 0n, 'withdraw block'));
    const forged = tamper(withdrawDataOf(slot));
    expect(await processed(forged)).toBe(false);
    expect(await revertReasonOf(descrow(forged, roles.carol))).toBe(NOT_CLAIMABLE);
  });
});
