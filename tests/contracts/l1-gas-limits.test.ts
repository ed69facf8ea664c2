// The devnet's L1 judges the real clients' huge gas limits as an Arbitrum-Orbit L1 (Plume) does: a de-escrow sent as
// the plume client sends it (gas limit 500,000,000, maxFeePerGas = 2 × gasPrice, priority fee = gasPrice;
// EYBlockchain/nightfall_4_CE @ plume_testnet_client 4e84c58 : nightfall_client/src/driven/contract_functions/
// nightfall_contract.rs:304-315) is mined when the sender can pay gasLimit × maxFeePerGas + value up front, and
// refused for insufficient funds when it cannot.
import { BaseError, createWalletClient, http, InsufficientFundsError, parseEther, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenType } from '../../docker/contracts/abi';
import { DEVNET_BLOCK_GAS_LIMIT } from '../../fixtures/network/anvil';
import { startAnvil, type AnvilProcess } from '../support/anvil-process';
import { automineClients } from '../support/automine-clients';
import { depositStablecoin, proposeBlockMined, proposeWithdraw } from './support/actions';
import { roles, useContractsDevnet, type ContractsDevnet } from './support/devnet';
import { block, depositSlot, field, nfTokenId } from './support/nightfall-model';

/** What the plume client sends with descrow_funds and with non-ERC-20 approvals. */
const PLUME_CLIENT_GAS = 500_000_000n;

/** The fees the real client sets, from the node's gas price at the time. */
async function clientFees(devnet: ContractsDevnet) {
  const gasPrice = await devnet.publicClient.getGasPrice();
  return { maxFeePerGas: 2n * gasPrice, maxPriorityFeePerGas: gasPrice };
}

/** A fresh, certified L1 account holding exactly `wei`. */
async function accountHolding(devnet: ContractsDevnet, wei: bigint): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  await devnet.mined(devnet.contracts().x509.write.addToAllowlist([account.address]));
  await devnet.mined(devnet.as(roles.deployer).sendTransaction({ to: account.address, value: wei }));
  return account;
}

describe("the devnet L1 and the real clients' gas limits", () => {
  const devnet = useContractsDevnet('plume');

  /** A withdraw of 60 stablecoins to Bob, proposed and claimable. */
  async function claimableWithdraw() {
    const key = await depositStablecoin(devnet(), roles.alice, { value: 100n, fee: 0n, secretHash: field('s') });
    await proposeBlockMined(devnet(), block([depositSlot([key])], 0n, 'deposit block'));
    const id = nfTokenId(devnet().deployment.tokens.stablecoin, 0n);
    return proposeWithdraw(devnet(), { nfTokenId: id, recipient: roles.bob, value: 60n, tag: 'withdraw' });
  }

  function descrowAs(
    account: PrivateKeyAccount,
    claim: Awaited<ReturnType<typeof claimableWithdraw>>,
    fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ): Promise<Hex> {
    const wallet = createWalletClient({
      chain: devnet().publicClient.chain,
      transport: http(devnet().rpcUrl),
      account,
    });
    return wallet.writeContract({
      address: devnet().deployment.nightfall,
      abi: devnet().contracts().nightfall.abi,
      functionName: 'descrow_funds',
      args: [claim, TokenType.ERC20],
      gas: PLUME_CLIENT_GAS,
      ...fees,
    });
  }

  it('has the block gas limit of an Arbitrum chain, 2^50', async () => {
    expect((await devnet().publicClient.getBlock()).gasLimit).toBe(DEVNET_BLOCK_GAS_LIMIT);
  });

  it('mines a 500M-gas de-escrow from a sender holding exactly gasLimit × maxFeePerGas, charging only the gas used', async () => {
    const claim = await claimableWithdraw();
    const fees = await clientFees(devnet());
    const reservation = PLUME_CLIENT_GAS * fees.maxFeePerGas;
    const sender = await accountHolding(devnet(), reservation);

    const receipt = await devnet().mined(descrowAs(sender, claim, fees));
    expect(receipt.gasUsed).toBeLessThan(200_000n);
    expect(await devnet().contracts().stablecoin.read.balanceOf([roles.bob.address])).toBe(60n);
    expect(await devnet().publicClient.getBalance({ address: sender.address })).toBe(
      reservation - receipt.gasUsed * receipt.effectiveGasPrice,
    );
  });

  it('refuses it for insufficient funds from a sender one wei short, and the claim stays open', async () => {
    const claim = await claimableWithdraw();
    const fees = await clientFees(devnet());
    const sender = await accountHolding(devnet(), PLUME_CLIENT_GAS * fees.maxFeePerGas - 1n);

    const refusal = await descrowAs(sender, claim, fees).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal, 'the node accepted a transaction its sender cannot pay for').toBeInstanceOf(BaseError);
    expect((refusal as BaseError).walk((cause) => cause instanceof InsufficientFundsError)).toBeInstanceOf(
      InsufficientFundsError,
    );
    expect(await devnet().publicClient.getTransactionCount({ address: sender.address })).toBe(0);
    expect(await devnet().contracts().nightfall.read.withdraw_processed([claim])).toBe(true);
  });
});

describe("anvil without the devnet's gas limit (why it is set)", () => {
  let anvil: AnvilProcess | undefined;
  beforeAll(async () => {
    anvil = await startAnvil();
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  it('refuses a 500M-gas transaction whatever the sender holds', async () => {
    const { publicClient, wallet } = automineClients(anvil!.rpcUrl, anvil!.chainId);
    expect((await publicClient.getBlock()).gasLimit).toBeLessThan(PLUME_CLIENT_GAS);
    const gasPrice = await publicClient.getGasPrice();
    const rich = wallet(roles.alice);
    expect(await publicClient.getBalance({ address: roles.alice.address })).toBeGreaterThan(parseEther('1000'));
    const send = rich.sendTransaction({
      to: roles.bob.address,
      value: 1n,
      gas: PLUME_CLIENT_GAS,
      maxFeePerGas: 2n * gasPrice,
      maxPriorityFeePerGas: gasPrice,
    });
    await expect(send).rejects.toThrow(/exceeds the limit allowed for the block/);
  });
});
