// propose_block: who may propose, block numbering, deposit redemption, nullifiers and the proposer's pay, the same in
// both generations.
import { parseEventLogs } from 'viem';
import { describe, expect, it } from 'vitest';
import { contractGenerations, nightfallAbi, TokenType } from '../../docker/contracts/abi';
import { depositStablecoin, proposeBlock, proposeBlockMined } from './support/actions';
import { revertReasonOf, roles, useContractsDevnet } from './support/devnet';
import {
  block,
  depositKey,
  depositSlot,
  dummySlot,
  feeTokenId,
  field,
  nfTokenId,
  transferSlot,
} from './support/nightfall-model';

const NOT_CURRENT = 'Only the current proposer can propose a block';
const NOT_CERTIFIED = 'Certified: not authorised by X509';
const NOT_REDEEMABLE = 'Deposit either has not been escrowed or has already been redeemed';
/** The real verifier's refusal; the devnet's stand-in for it refuses a spent nullifier with the same reason. */
const PROOF_REFUSED = 'Rollup proof verification failed';

describe.each(contractGenerations)('Nightfall.propose_block, %s era', (generation) => {
  const devnet = useContractsDevnet(generation);

  const read = {
    escrowed: (key: bigint) => devnet().contracts().nightfall.read.deposit_escrowed([key]),
    nullified: (nullifier: bigint) => devnet().contracts().nightfall.read.is_nullified([nullifier]),
    blockNumber: () => devnet().contracts().nightfall.read.layer2_block_number(),
  };

  it('accepts blocks only from the current, certified proposer', async () => {
    const { contracts, mined } = devnet();
    const blk = block([dummySlot]);
    expect(await revertReasonOf(proposeBlock(devnet(), blk, roles.alice))).toBe(NOT_CURRENT);
    expect(await revertReasonOf(proposeBlock(devnet(), blk, roles.outsider))).toBe(NOT_CERTIFIED);
    await mined(contracts().x509.write.removeFromAllowlist([roles.proposer.address]));
    expect(await revertReasonOf(proposeBlock(devnet(), blk))).toBe(NOT_CERTIFIED);
  });

  it('numbers blocks from 0 in BlockProposed and counts them in layer2_block_number', async () => {
    expect(await read.blockNumber()).toBe(0n);
    const numbers: bigint[] = [];
    for (let n = 0; n < 3; n++) {
      const receipt = await proposeBlockMined(devnet(), block([dummySlot], 0n, `block ${n}`));
      const events = parseEventLogs({ abi: nightfallAbi, logs: receipt.logs, eventName: 'BlockProposed' });
      numbers.push(...events.map((event) => event.args.layer2_block_number));
    }
    expect(numbers).toEqual([0n, 1n, 2n]);
    expect(await read.blockNumber()).toBe(3n);
  });

  it('redeems the escrowed deposits of a deposit slot and pays their fees to the proposer', async () => {
    const { deployment, publicClient, balanceDeltaExcludingGas } = devnet();
    const first = await depositStablecoin(devnet(), roles.alice, { value: 10n, fee: 3n, secretHash: field('a') });
    const second = await depositStablecoin(devnet(), roles.bob, { value: 20n, fee: 5n, secretHash: field('b') });
    expect(await read.escrowed(first)).toEqual([true, false, 3n]);

    const before = await publicClient.getBalance({ address: roles.proposer.address });
    const receipt = await proposeBlockMined(devnet(), block([depositSlot([first, second]), dummySlot]));

    expect(await read.escrowed(first)).toEqual([true, true, 3n]);
    expect(await read.escrowed(second)).toEqual([true, true, 5n]);
    expect(await balanceDeltaExcludingGas(roles.proposer.address, before, receipt)).toBe(8n);
    expect(await publicClient.getBalance({ address: deployment.nightfall })).toBe(0n);
  });

  it.each([
    ['has never been escrowed', false],
    ['was redeemed by an earlier block', true],
  ])('rejects a deposit slot whose key %s', async (_, redeemEarlier) => {
    const key = redeemEarlier
      ? await depositStablecoin(devnet(), roles.alice, { value: 10n, fee: 0n, secretHash: field('a') })
      : depositKey({ nf_token_id: 1n, nf_slot_id: 1n, value: 10n, secret_hash: field('never escrowed') });
    if (redeemEarlier) await proposeBlockMined(devnet(), block([depositSlot([key])]));
    expect(await revertReasonOf(proposeBlock(devnet(), block([depositSlot([key])])))).toBe(NOT_REDEEMABLE);
  });

  it('spends each nullifier once, across blocks and within one, as a real proof would', async () => {
    const [n1, n2, n3] = [field('n1'), field('n2'), field('n3')];
    expect(await read.nullified(n1)).toBe(false);
    await proposeBlockMined(devnet(), block([transferSlot({ fee: 0n, nullifiers: [n1, n2], tag: 't1' })]));
    expect([await read.nullified(n1), await read.nullified(n2), await read.nullified(n3)]).toEqual([true, true, false]);

    const reuse = block([transferSlot({ fee: 0n, nullifiers: [n3, n2], tag: 't2' })]);
    expect(await revertReasonOf(proposeBlock(devnet(), reuse))).toBe(PROOF_REFUSED);
    const twiceInOneBlock = block([
      transferSlot({ fee: 0n, nullifiers: [n3], tag: 't3' }),
      transferSlot({ fee: 0n, nullifiers: [n3], tag: 't4' }),
    ]);
    expect(await revertReasonOf(proposeBlock(devnet(), twiceInOneBlock))).toBe(PROOF_REFUSED);
    expect(await read.nullified(n3)).toBe(false);
  });

  it('pays the proposer the fee sum of the rollup proof plus the fees of the deposits it includes', async () => {
    const { deployment, publicClient, contracts, mined, balanceDeltaExcludingGas } = devnet();
    const token = deployment.tokens.stablecoin;
    // A deposit of 100 with a 1-wei fee and a deposit fee of 10: it funds the L2 fees of the transfers below.
    await mined(contracts().stablecoin.write.mint([roles.alice.address, 100n]));
    await mined(contracts(roles.alice).stablecoin.write.approve([deployment.nightfall, 100n]));
    const escrow = [1n, token, 0n, 100n, field('s'), TokenType.ERC20] as const;
    await mined(contracts(roles.alice).nightfall.write.escrow_funds(escrow, { value: 2n * 1n + 10n }));
    const id = nfTokenId(token, 0n);
    const feeId = feeTokenId(deployment.nightfall);
    const valueKey = depositKey({ nf_token_id: id, nf_slot_id: id, value: 100n, secret_hash: field('s') });
    const feeKey = depositKey({ nf_token_id: feeId, nf_slot_id: feeId, value: 10n, secret_hash: field('s') });

    const before = await publicClient.getBalance({ address: roles.proposer.address });
    const transfers = [
      transferSlot({ fee: 4n, nullifiers: [field('x')], tag: 'x' }),
      transferSlot({ fee: 6n, nullifiers: [field('y')], tag: 'y' }),
    ];
    const receipt = await proposeBlockMined(devnet(), block([depositSlot([valueKey, feeKey]), ...transfers], 10n));

    expect(await balanceDeltaExcludingGas(roles.proposer.address, before, receipt)).toBe(10n + 1n + 1n);
    expect(await publicClient.getBalance({ address: deployment.nightfall })).toBe(0n);
  });

  it('rejects a fee sum the contract cannot pay', async () => {
    const blk = block([transferSlot({ fee: 1n, nullifiers: [field('z')], tag: 'z' })], 1n);
    expect(await revertReasonOf(proposeBlock(devnet(), blk))).toBe('Failed to transfer the fee to the proposer');
  });

  it('rejects a rollup proof too short to hold the fee sum', async () => {
    const blk = { ...block([dummySlot]), rollup_proof: '0x1234' as const };
    expect(await revertReasonOf(proposeBlock(devnet(), blk))).toBe(PROOF_REFUSED);
  });
});
