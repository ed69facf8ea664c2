// The devnet's tokens: wrapped gas (WETH-style), the 6-decimal stablecoin, and owner-only minting everywhere.
import { parseEventLogs } from 'viem';
import { describe, expect, it } from 'vitest';
import { wrappedGasAbi } from '../../docker/contracts/abi';
import { revertReasonOf, roles, useContractsDevnet } from './support/devnet';

/** OpenZeppelin 5's OwnableUnauthorizedAccount(address) selector. */
const NOT_OWNER = '0x118cdaa7';
/** OpenZeppelin 5's ERC20InsufficientBalance(address,uint256,uint256) selector. */
const INSUFFICIENT_BALANCE = '0xe450d38c';

describe('devnet tokens', () => {
  const devnet = useContractsDevnet();

  describe('WrappedGas', () => {
    const wrapped = () => devnet().deployment.tokens.wrappedGas;
    const wrappedBalanceOf = (owner: `0x${string}`) => devnet().contracts().wrappedGas.read.balanceOf([owner]);

    it('has 18 decimals', async () => {
      expect(await devnet().contracts().wrappedGas.read.decimals()).toBe(18);
    });

    it('wraps coin sent to deposit() or sent plainly, and unwraps it back', async () => {
      const { publicClient, contracts, as, mined, balanceDeltaExcludingGas } = devnet();
      const alice = roles.alice.address;
      const deposited = await mined(contracts(roles.alice).wrappedGas.write.deposit({ value: 700n }));
      const deposits = parseEventLogs({ abi: wrappedGasAbi, logs: deposited.logs, eventName: 'Deposit' });
      expect(deposits.map((event) => event.args)).toEqual([{ dst: alice, wad: 700n }]);
      await mined(as(roles.alice).sendTransaction({ to: wrapped(), value: 300n }));
      expect(await wrappedBalanceOf(alice)).toBe(1_000n);
      expect(await publicClient.getBalance({ address: wrapped() })).toBe(1_000n);

      const before = await publicClient.getBalance({ address: alice });
      const unwrapped = await mined(contracts(roles.alice).wrappedGas.write.withdraw([400n]));
      expect(await balanceDeltaExcludingGas(alice, before, unwrapped)).toBe(400n);
      expect(await wrappedBalanceOf(alice)).toBe(600n);
      const withdrawals = parseEventLogs({ abi: wrappedGasAbi, logs: unwrapped.logs, eventName: 'Withdrawal' });
      expect(withdrawals.map((event) => event.args)).toEqual([{ src: alice, wad: 400n }]);
    });

    it('refuses to unwrap more than the balance', async () => {
      const { wrappedGas } = devnet().contracts(roles.alice);
      await devnet().mined(wrappedGas.write.deposit({ value: 10n }));
      expect(await revertReasonOf(wrappedGas.write.withdraw([11n]))).toBe(INSUFFICIENT_BALANCE);
    });
  });

  describe('Stablecoin', () => {
    it('has 6 decimals and only its owner mints', async () => {
      const { contracts, mined } = devnet();
      expect(await contracts().stablecoin.read.decimals()).toBe(6);
      await mined(contracts().stablecoin.write.mint([roles.bob.address, 1_000_000n]));
      expect(await contracts().stablecoin.read.balanceOf([roles.bob.address])).toBe(1_000_000n);
      expect(await revertReasonOf(contracts(roles.bob).stablecoin.write.mint([roles.bob.address, 1n]))).toBe(NOT_OWNER);
    });
  });

  describe('non-fungible and semi-fungible tokens', () => {
    it('let only their owner mint', async () => {
      const { erc721, erc1155, erc3525 } = devnet().contracts(roles.bob);
      const to = roles.bob.address;
      expect(await revertReasonOf(erc721.write.mint([to, 1n]))).toBe(NOT_OWNER);
      expect(await revertReasonOf(erc1155.write.mint([to, 1n, 1n]))).toBe(NOT_OWNER);
      // SlotToken is built on OpenZeppelin 4, whose Ownable reverts with a string.
      expect(await revertReasonOf(erc3525.write.mint([to, 1n, 1n]))).toBe('Ownable: caller is not the owner');
    });

    it('mints ERC-3525 value into a slot and returns the new token id', async () => {
      const { contracts, mined } = devnet();
      const { erc3525 } = contracts();
      const alice = roles.alice.address;
      const { result: firstId } = await erc3525.simulate.mint([alice, 5n, 100n], { account: roles.deployer });
      await mined(erc3525.write.mint([alice, 5n, 100n]));
      const { result: secondId } = await erc3525.simulate.mint([alice, 6n, 120n], { account: roles.deployer });
      await mined(erc3525.write.mint([alice, 6n, 120n]));

      expect(secondId).toBe(firstId + 1n);
      const { ownerOf, slotOf, balanceOf } = erc3525.read;
      const token = await Promise.all([ownerOf([secondId]), slotOf([secondId]), balanceOf([secondId])]);
      expect(token).toEqual([alice, 6n, 120n]);
    });
  });
});
