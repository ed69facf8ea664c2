// Real contract events on a devnet, caused by the funder (anvil's dev account 0, which owns the tokens and is
// allowlisted): a stablecoin mint (an ERC-20 Transfer from the zero address) and an escrowed deposit (DepositEscrowed,
// then the proposer's BlockProposed for the L2 block it goes into).
import type { Address, Hash, TransactionReceipt } from 'viem';
import { nightfallAbi, stablecoinAbi, TokenType } from '../../../docker/contracts/abi';
import { depositSecretHash, newDepositSecret } from '../../../docker/lib/crypto/commitment';
import { awaitReceipts, chainClients } from '../../../fixtures/chain';
import type { Devnet } from '../../../fixtures/network';

const RECEIPT_TIMEOUT_MS = 30_000;

export function devnetEvents(devnet: Devnet) {
  const { publicClient, walletClient } = chainClients({ rpcUrl: devnet.rpcUrl, chainId: devnet.chainId, name: 'devnet' }, devnet.funderKey);
  const { nightfall, tokens } = devnet.deployment;
  const mined = async (label: string, hash: Hash): Promise<TransactionReceipt> => {
    const [receipt] = await awaitReceipts(publicClient, [{ label, hash }], { timeoutMs: RECEIPT_TIMEOUT_MS });
    return receipt!;
  };
  return {
    publicClient,
    /** Mints stablecoin units to `to`: one Transfer(0x0, to, amount). */
    mintStablecoin: async (to: Address, amount: bigint) =>
      mined('mint stablecoin', await walletClient.writeContract({ address: tokens.stablecoin, abi: stablecoinAbi, functionName: 'mint', args: [to, amount] })),
    /** Escrows `value` stablecoin units as a deposit; the proposer then puts it into an L2 block. */
    async escrowStablecoin(value: bigint, fee: bigint): Promise<TransactionReceipt> {
      const funder = walletClient.account.address;
      await mined('mint for deposit', await walletClient.writeContract({ address: tokens.stablecoin, abi: stablecoinAbi, functionName: 'mint', args: [funder, value] }));
      await mined('approve deposit', await walletClient.writeContract({ address: tokens.stablecoin, abi: stablecoinAbi, functionName: 'approve', args: [nightfall, value] }));
      return mined('escrow deposit', await walletClient.writeContract({
        address: nightfall,
        abi: nightfallAbi,
        functionName: 'escrow_funds',
        args: [fee, tokens.stablecoin, 0n, value, depositSecretHash(newDepositSecret()), TokenType.ERC20],
        value: fee,
      }));
    },
  };
}
