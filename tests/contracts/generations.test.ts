// What tells the two generations of the real Nightfall contract apart, as a user, a client or the harness can see
// it: `plume` (EYBlockchain/nightfall_4_CE @ plume_testnet_deployer 0326e57, the test network's) and `head` (@ master
// 6ee83be). Cited lines are blockchain_assets/contracts/Nightfall.sol of the generation named.
import { encodeFunctionData, parseAbi, parseEventLogs, size, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { contractGenerations, erc3525Abi, type ContractGeneration } from '../../docker/contracts/abi';
import { detectContractGeneration } from '../../fixtures/builds/contract-generation';
import { depositStablecoin, proposeBlockMined, proposeWithdraw } from './support/actions';
import { NO_REASON, revertReasonOf, roles, useContractsDevnet, type ContractsDevnet } from './support/devnet';
import {
  block,
  depositKey,
  depositSlot,
  feeTokenId,
  field,
  nfSlotIdOfSlot,
  nfTokenId,
  type WithdrawData,
} from './support/nightfall-model';

const NOT_CLAIMABLE = 'Either no funds are available to withdraw, or they are already withdrawn';
/** The codes as the ABI carries them (uint8); 4 is FeeToken on head and out of the enum's range on plume. */
const CODE = { ERC20: 0, ERC1155: 1, ERC721: 2, ERC3525: 3, FeeToken: 4 } as const;
/** Selector and argument only: the answer is read raw, because its length is what differs. */
const getTokenInfoProbe = parseAbi(['function getTokenInfo(uint256 nfTokenId) view']);

/** Alice deposits 100 stablecoins (redeemed in a block); returns the claim of a withdraw of 60 of them to Bob. */
async function stablecoinWithdrawToBob(devnet: ContractsDevnet): Promise<WithdrawData> {
  const key = await depositStablecoin(devnet, roles.alice, { value: 100n, fee: 0n, secretHash: field('s') });
  await proposeBlockMined(devnet, block([depositSlot([key])], 0n, 'deposit block'));
  const nfTokenIdOfStablecoin = nfTokenId(devnet.deployment.tokens.stablecoin, 0n);
  return proposeWithdraw(devnet, {
    nfTokenId: nfTokenIdOfStablecoin,
    recipient: roles.bob,
    value: 60n,
    tag: 'withdraw',
  });
}

function descrow(devnet: ContractsDevnet, data: WithdrawData, tokenType: number): Promise<Hex> {
  return devnet.contracts(roles.bob).nightfall.write.descrow_funds([data, tokenType]);
}

const claimable = (devnet: ContractsDevnet, data: WithdrawData) =>
  devnet.contracts().nightfall.read.withdraw_processed([data]);

describe.each(contractGenerations)('%s-era Nightfall', (generation: ContractGeneration) => {
  const devnet = useContractsDevnet(generation);
  const plume = generation === 'plume';

  it(`answers getTokenInfo with ${plume ? 'two words (64 bytes)' : 'three words (96 bytes)'} (${plume ? ':542-547' : ':562-567'}), which the harness's probe reads as ${generation}`, async () => {
    const { deployment, publicClient } = devnet();
    const key = await depositStablecoin(devnet(), roles.alice, { value: 10n, fee: 0n, secretHash: field('s') });
    expect(key).toBeGreaterThan(0n);
    const ids = [0n, feeTokenId(deployment.nightfall), nfTokenId(deployment.tokens.stablecoin, 0n)];
    for (const id of ids) {
      const data = encodeFunctionData({ abi: getTokenInfoProbe, functionName: 'getTokenInfo', args: [id] });
      const answer = await publicClient.call({ to: deployment.nightfall, data });
      expect(answer.data ? size(answer.data) : 0, `getTokenInfo(${id})`).toBe(plume ? 64 : 96);
    }
    expect(await devnet().tokenInfo(ids[2]!)).toEqual(
      devnet().tokenInfoOf(deployment.tokens.stablecoin, 0n, CODE.ERC20),
    );
    expect((await detectContractGeneration(publicClient, deployment.nightfall)).generation).toBe(generation);
  });

  it(`${plume ? 'has no fee token in its enum: token type 4 fails ABI decoding (:35-40)' : 'knows FeeToken = 4 but refuses to escrow it with escrowFundsError (:37-43, :493-495)'}`, async () => {
    const { deployment, contracts, mined } = devnet();
    await mined(contracts().stablecoin.write.mint([roles.alice.address, 1n]));
    await mined(contracts(roles.alice).stablecoin.write.approve([deployment.nightfall, 1n]));
    const asFeeToken = [0n, deployment.tokens.stablecoin, 0n, 1n, field('s'), CODE.FeeToken] as const;
    const escrow = contracts(roles.alice).nightfall.write.escrow_funds(asFeeToken);
    expect(await revertReasonOf(escrow)).toBe(plume ? NO_REASON : 'escrowFundsError');
  });

  it.each([
    ['nothing', 0n],
    ['less than the fee', 6n],
    ['more than the fee but less than twice it', 8n],
  ])(
    `${plume ? 'books' : 'refuses'} a deposit paying %s for a fee of 7 (${plume ? 'no rule in :410-499' : ':499'})`,
    async (_, msgValue) => {
      const { deployment, contracts, mined } = devnet();
      const stablecoin = deployment.tokens.stablecoin;
      await mined(contracts().stablecoin.write.mint([roles.alice.address, 300n]));
      await mined(contracts(roles.alice).stablecoin.write.approve([deployment.nightfall, 300n]));
      const escrow = contracts(roles.alice).nightfall.write.escrow_funds(
        [7n, stablecoin, 0n, 300n, field('s'), CODE.ERC20],
        { value: msgValue },
      );
      if (!plume) {
        expect(await revertReasonOf(escrow)).toBe('Invalid msg.value for fee or top-up');
        return;
      }
      await mined(escrow);
      const id = nfTokenId(stablecoin, 0n);
      const key = depositKey({ nf_token_id: id, nf_slot_id: id, value: 300n, secret_hash: field('s') });
      // Booked with the full fee, which the proposer is later paid out of whatever coin the contract holds.
      expect(await contracts().nightfall.read.deposit_escrowed([key])).toEqual([true, false, 7n]);
      expect(await contracts().stablecoin.read.balanceOf([deployment.nightfall])).toBe(300n);
    },
  );

  it(`${plume ? 'de-escrows ERC-3525 as a success that pays nothing and leaves the claim open (no branch in :577-607, :611-612)' : 'de-escrows ERC-3525 value into a new token of the slot and closes the claim (:616-620)'}`, async () => {
    const { deployment, contracts, mined } = devnet();
    const erc3525 = deployment.tokens.erc3525;
    const slot = 5n;
    const mint = [roles.alice.address, slot, 100n] as const;
    const { result: tokenId } = await contracts().erc3525.simulate.mint(mint, { account: roles.deployer });
    await mined(contracts().erc3525.write.mint(mint));
    await mined(contracts(roles.alice).erc3525.write.approve([deployment.nightfall, tokenId]));
    await mined(
      contracts(roles.alice).nightfall.write.escrow_funds([0n, erc3525, tokenId, 100n, field('s'), CODE.ERC3525]),
    );
    const id = nfTokenId(erc3525, tokenId);
    const key = depositKey({
      nf_token_id: id,
      nf_slot_id: nfSlotIdOfSlot(erc3525, slot),
      value: 100n,
      secret_hash: field('s'),
    });
    await proposeBlockMined(devnet(), block([depositSlot([key])], 0n, 'deposit block'));
    const claim = await proposeWithdraw(devnet(), { nfTokenId: id, recipient: roles.bob, value: 30n, tag: 'withdraw' });
    const escrowedValue = () => contracts().erc3525.read.balanceOf([tokenId]);

    const receipt = await mined(descrow(devnet(), claim, CODE.ERC3525));
    const moved = parseEventLogs({ abi: erc3525Abi, logs: receipt.logs, eventName: 'TransferValue' }).filter(
      (event) => event.args.fromTokenId === tokenId,
    );
    if (plume) {
      expect(moved).toEqual([]);
      expect(await escrowedValue()).toBe(100n);
      expect(await claimable(devnet(), claim)).toBe(true);
      // Every later attempt does the same: the plume client's /v1/de-escrow answers 200 each time.
      await mined(descrow(devnet(), claim, CODE.ERC3525));
      expect(await escrowedValue()).toBe(100n);
      expect(await claimable(devnet(), claim)).toBe(true);
    } else {
      expect(moved.map((event) => event.args.value)).toEqual([30n]);
      expect(await contracts().erc3525.read.ownerOf([moved[0]!.args.toTokenId])).toBe(roles.bob.address);
      expect(await escrowedValue()).toBe(70n);
      expect(await claimable(devnet(), claim)).toBe(false);
      expect(await revertReasonOf(descrow(devnet(), claim, CODE.ERC3525))).toBe(NOT_CLAIMABLE);
    }
  });

  it("takes the token type of a claim from the caller, never comparing it with the escrowed token's", async () => {
    const claim = await stablecoinWithdrawToBob(devnet());
    const stablecoinsOf = (owner: Address) => devnet().contracts().stablecoin.read.balanceOf([owner]);
    // ERC-1155 and ERC-721 calls into an ERC-20 revert without data; the ERC-721 branch checks the value first.
    expect(await revertReasonOf(descrow(devnet(), claim, CODE.ERC1155))).toBe(NO_REASON);
    expect(await revertReasonOf(descrow(devnet(), claim, CODE.ERC721))).toBe(
      'ERC721 tokens should have a value of zero',
    );
    if (plume) {
      // The plume era has no ERC-3525 branch: the claim "succeeds", pays nothing and stays open.
      await devnet().mined(descrow(devnet(), claim, CODE.ERC3525));
      expect(await stablecoinsOf(roles.bob.address)).toBe(0n);
    } else {
      expect(await revertReasonOf(descrow(devnet(), claim, CODE.ERC3525))).toBe(NO_REASON);
    }
    expect(await claimable(devnet(), claim)).toBe(true);
    await devnet().mined(descrow(devnet(), claim, CODE.ERC20));
    expect(await stablecoinsOf(roles.bob.address)).toBe(60n);
    expect(await claimable(devnet(), claim)).toBe(false);
  });

  it(`keeps fee-token balances on L2: a fee-token claim ${plume ? 'cannot even be named' : 'named as FeeToken is spent and pays nothing'}`, async () => {
    const nightfall = devnet().deployment.nightfall;
    const claim = await proposeWithdraw(devnet(), {
      nfTokenId: feeTokenId(nightfall),
      recipient: roles.bob,
      value: 5n,
      tag: 'fee withdraw',
    });
    // Its token maps to Nightfall itself, which has no ERC-20 transfer.
    expect(await revertReasonOf(descrow(devnet(), claim, CODE.ERC20))).toBe(NO_REASON);
    const bobBefore = await devnet().publicClient.getBalance({ address: roles.bob.address });
    if (plume) {
      expect(await revertReasonOf(descrow(devnet(), claim, CODE.FeeToken))).toBe(NO_REASON);
      expect(await claimable(devnet(), claim)).toBe(true);
    } else {
      const receipt = await devnet().mined(descrow(devnet(), claim, CODE.FeeToken));
      expect(receipt.logs).toEqual([]);
      expect(await devnet().balanceDeltaExcludingGas(roles.bob.address, bobBefore, receipt)).toBe(0n);
      expect(await claimable(devnet(), claim)).toBe(false);
    }
  });

  it(`pays a claim whose token id maps to nothing in native coin, ${plume ? 'leaving the claim open (:565-571)' : 'closing the claim (:586-595)'}`, async () => {
    const { deployment, contracts, publicClient, mined, balanceDeltaExcludingGas } = devnet();
    // Native coin in the contract: a deposit fee of 50 on a zero-fee deposit, which no block has paid out.
    await mined(contracts().stablecoin.write.mint([roles.alice.address, 1n]));
    await mined(contracts(roles.alice).stablecoin.write.approve([deployment.nightfall, 1n]));
    await mined(
      contracts(roles.alice).nightfall.write.escrow_funds(
        [0n, deployment.tokens.stablecoin, 0n, 1n, field('s'), CODE.ERC20],
        { value: 50n },
      ),
    );
    const claim = await proposeWithdraw(devnet(), {
      nfTokenId: field('never escrowed'),
      recipient: roles.bob,
      value: 5n,
      tag: 'unknown',
    });

    const before = await publicClient.getBalance({ address: roles.bob.address });
    const paid = await mined(descrow(devnet(), claim, CODE.ERC20));
    expect(await balanceDeltaExcludingGas(roles.bob.address, before, paid)).toBe(5n);
    if (plume) {
      expect(await claimable(devnet(), claim)).toBe(true);
      await mined(descrow(devnet(), claim, CODE.ERC20));
      expect(await publicClient.getBalance({ address: deployment.nightfall })).toBe(40n);
    } else {
      expect(await claimable(devnet(), claim)).toBe(false);
      expect(await revertReasonOf(descrow(devnet(), claim, CODE.ERC20))).toBe(NOT_CLAIMABLE);
      expect(await publicClient.getBalance({ address: deployment.nightfall })).toBe(45n);
    }
  });

  it('accepts coin sent along with descrow_funds, which is payable in both generations (:556, :576)', async () => {
    const { deployment, publicClient, mined } = devnet();
    const claim = await stablecoinWithdrawToBob(devnet());
    await mined(devnet().contracts(roles.bob).nightfall.write.descrow_funds([claim, CODE.ERC20], { value: 3n }));
    expect(await publicClient.getBalance({ address: deployment.nightfall })).toBe(3n);
  });
});

describe('plume-era Nightfall, a deposit that paid less than its fee', () => {
  const devnet = useContractsDevnet('plume');

  it("is booked with its full fee, which a block redeeming it pays the proposer out of others' coin, or fails", async () => {
    const { deployment, contracts, publicClient, mined } = devnet();
    const stablecoin = deployment.tokens.stablecoin;
    await mined(contracts().stablecoin.write.mint([roles.bob.address, 10n]));
    await mined(contracts(roles.bob).stablecoin.write.approve([deployment.nightfall, 10n]));
    await mined(
      contracts(roles.bob).nightfall.write.escrow_funds([7n, stablecoin, 0n, 10n, field('b'), CODE.ERC20], {
        value: 0n,
      }),
    );
    const id = nfTokenId(stablecoin, 0n);
    const underpaid = depositKey({ nf_token_id: id, nf_slot_id: id, value: 10n, secret_hash: field('b') });
    const redeem = () =>
      devnet()
        .contracts(roles.proposer)
        .nightfall.write.propose_block([block([depositSlot([underpaid])])]);
    expect(await revertReasonOf(redeem())).toBe('Failed to transfer the fee to the proposer');

    // Alice pays her fee of 7 in full; the contract then holds enough to pay Bob's.
    await depositStablecoin(devnet(), roles.alice, { value: 10n, fee: 7n, secretHash: field('a') });
    await mined(redeem());
    expect(await publicClient.getBalance({ address: deployment.nightfall })).toBe(0n);
  });
});
