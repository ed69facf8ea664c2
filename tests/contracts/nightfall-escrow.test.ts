// escrow_funds with ERC-20 tokens: the token pull, the native-coin fee rules and the deposit bookkeeping, as both
// generations of the contract share them (generations.test.ts has the payments only head refuses, and token type 4).
import { parseEventLogs, type HDAccount } from 'viem';
import { describe, expect, it } from 'vitest';
import { contractGenerations, nightfallAbi, TokenType } from '../../docker/contracts/abi';
import { revertReasonOf, roles, useContractsDevnet } from './support/devnet';
import { depositKey, feeTokenId, field, nfTokenId } from './support/nightfall-model';

/** OpenZeppelin 5's ERC20InsufficientAllowance(address,uint256,uint256) selector. */
const INSUFFICIENT_ALLOWANCE = '0xfb8f41b2';

describe.each(contractGenerations)('Nightfall.escrow_funds (ERC-20), %s era', (generation) => {
  const devnet = useContractsDevnet(generation);

  const nightfall = () => devnet().deployment.nightfall;
  const stablecoin = () => devnet().deployment.tokens.stablecoin;
  const stablecoinsOf = (owner: `0x${string}`) => devnet().contracts().stablecoin.read.balanceOf([owner]);
  const escrowed = (key: bigint) => devnet().contracts().nightfall.read.deposit_escrowed([key]);

  async function fundAndApprove(user: HDAccount, amount: bigint, allowance = amount) {
    const { contracts, mined } = devnet();
    await mined(contracts().stablecoin.write.mint([user.address, amount]));
    await mined(contracts(user).stablecoin.write.approve([nightfall(), allowance]));
  }

  interface Escrow {
    fee: bigint;
    value: bigint;
    msgValue: bigint;
    secret?: bigint;
    tokenId?: bigint;
    tokenType?: number;
  }
  function escrow(user: HDAccount, { fee, value, msgValue, secret, tokenId, tokenType }: Escrow) {
    const secretHash = secret ?? field('secret');
    const args = [fee, stablecoin(), tokenId ?? 0n, value, secretHash, tokenType ?? TokenType.ERC20] as const;
    return devnet().contracts(user).nightfall.write.escrow_funds(args, { value: msgValue });
  }

  it('pulls exactly the value after approve, takes the fee in native coin and books the deposit', async () => {
    const { publicClient, mined } = devnet();
    await fundAndApprove(roles.alice, 1_000n, 5_000n);
    const receipt = await mined(escrow(roles.alice, { fee: 7n, value: 300n, msgValue: 7n }));

    expect(await stablecoinsOf(roles.alice.address)).toBe(700n);
    expect(await stablecoinsOf(nightfall())).toBe(300n);
    expect(await publicClient.getBalance({ address: nightfall() })).toBe(7n);

    const id = nfTokenId(stablecoin(), 0n);
    const events = parseEventLogs({ abi: nightfallAbi, logs: receipt.logs, eventName: 'DepositEscrowed' });
    expect(events.map((event) => event.args)).toEqual([{ nfSlotId: id, value: 300n }]);
    const key = depositKey({ nf_token_id: id, nf_slot_id: id, value: 300n, secret_hash: field('secret') });
    expect(await escrowed(key)).toEqual([true, false, 7n]);
    expect(await devnet().tokenInfo(id)).toEqual(devnet().tokenInfoOf(stablecoin(), 0n, TokenType.ERC20));
  });

  it('computes deposit keys as sha256(abi.encode(DepositCommitment)) >> 4', async () => {
    const deposit = { nf_token_id: field('id'), nf_slot_id: field('slot'), value: 12n, secret_hash: field('secret') };
    expect(await devnet().contracts().nightfall.read.deposit_key([deposit])).toBe(depositKey(deposit));
  });

  it('books a surplus over twice the fee as a second, fee-token deposit with its own event', async () => {
    const { publicClient, mined } = devnet();
    await fundAndApprove(roles.alice, 300n);
    const receipt = await mined(escrow(roles.alice, { fee: 7n, value: 300n, msgValue: 2n * 7n + 50n }));

    const feeId = feeTokenId(nightfall());
    const id = nfTokenId(stablecoin(), 0n);
    const events = parseEventLogs({ abi: nightfallAbi, logs: receipt.logs, eventName: 'DepositEscrowed' });
    expect(events.map((event) => event.args)).toEqual([
      { nfSlotId: id, value: 300n },
      { nfSlotId: feeId, value: 50n },
    ]);
    const feeDeposit = { nf_token_id: feeId, nf_slot_id: feeId, value: 50n, secret_hash: field('secret') };
    expect(await escrowed(depositKey(feeDeposit))).toEqual([true, false, 7n]);
    expect(await publicClient.getBalance({ address: nightfall() })).toBe(64n);
  });

  it('books no fee deposit when exactly twice the fee is paid', async () => {
    await fundAndApprove(roles.alice, 300n);
    const receipt = await devnet().mined(escrow(roles.alice, { fee: 7n, value: 300n, msgValue: 14n }));
    expect(parseEventLogs({ abi: nightfallAbi, logs: receipt.logs, eventName: 'DepositEscrowed' })).toHaveLength(1);
  });

  it('with a zero fee, books any coin sent as a deposit fee', async () => {
    await fundAndApprove(roles.alice, 300n);
    const receipt = await devnet().mined(escrow(roles.alice, { fee: 0n, value: 300n, msgValue: 5n }));
    const events = parseEventLogs({ abi: nightfallAbi, logs: receipt.logs, eventName: 'DepositEscrowed' });
    expect(events.map((event) => event.args.value)).toEqual([300n, 5n]);
  });

  it('rejects a depositor the X509 contract does not certify, until allowlisting is switched off', async () => {
    const { contracts, mined } = devnet();
    await fundAndApprove(roles.outsider, 300n);
    const deposit = { fee: 1n, value: 300n, msgValue: 1n };
    expect(await revertReasonOf(escrow(roles.outsider, deposit))).toBe('Certified: not authorised by X509');
    await mined(contracts().x509.write.enableAllowlisting([false]));
    await mined(escrow(roles.outsider, deposit));
    expect(await stablecoinsOf(nightfall())).toBe(300n);
  });

  it('rejects the same deposit twice', async () => {
    const { mined } = devnet();
    await fundAndApprove(roles.alice, 600n);
    const deposit = { fee: 1n, value: 300n, msgValue: 1n };
    await mined(escrow(roles.alice, deposit));
    const again = escrow(roles.alice, deposit);
    expect(await revertReasonOf(again)).toBe('Funds have already been escrowed for this Deposit');
    await mined(escrow(roles.alice, { ...deposit, secret: field('another secret') }));
  });

  it('rejects an ERC-20 deposit with a token id', async () => {
    await fundAndApprove(roles.alice, 300n);
    const deposit = { fee: 0n, value: 300n, msgValue: 0n, tokenId: 1n };
    expect(await revertReasonOf(escrow(roles.alice, deposit))).toBe('ERC20 tokens should have a tokenId of 0');
  });

  it('rejects a deposit larger than the allowance', async () => {
    await fundAndApprove(roles.alice, 1_000n, 299n);
    const deposit = { fee: 0n, value: 300n, msgValue: 0n };
    expect(await revertReasonOf(escrow(roles.alice, deposit))).toBe(INSUFFICIENT_ALLOWANCE);
  });
});
