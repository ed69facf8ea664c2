// Real contract events on a devnet, caused by the funder (anvil's dev account 0, which owns the tokens and is
// allowlisted): a stablecoin mint (an ERC-20 Transfer from the zero address), an approval (ERC-20 Approval), an
// operator approval of the ERC-721 (ApprovalForAll, a bool argument) and an escrowed deposit (DepositEscrowed, then
// the proposer's BlockProposed for the L2 block it goes into).
import { parseAbi, type Address, type Hash, type TransactionReceipt } from 'viem';
import { nightfallAbi, stablecoinAbi, TokenType, x509Abi } from '../../../docker/contracts/abi';
import { depositSecretHash, newDepositSecret } from '../../../docker/lib/crypto/commitment';
import { awaitReceipts, chainClients } from '../../../fixtures/chain';
import type { Devnet } from '../../../fixtures/network';

const RECEIPT_TIMEOUT_MS = 30_000;
/** ERC-721's operator approval (EIP-721), which the devnet's own ABI subset leaves out. */
const erc721OperatorAbi = parseAbi(['function setApprovalForAll(address operator, bool approved)']);

export function devnetEvents(devnet: Devnet) {
  const { publicClient, walletClient } = chainClients(
    { rpcUrl: devnet.rpcUrl, chainId: devnet.chainId, name: 'devnet' },
    devnet.funderKey,
  );
  const { nightfall, tokens } = devnet.deployment;
  const mined = async (label: string, hash: Hash): Promise<TransactionReceipt> => {
    const [receipt] = await awaitReceipts(publicClient, [{ label, hash }], { timeoutMs: RECEIPT_TIMEOUT_MS });
    return receipt!;
  };
  /** mint(to, amount) emits Transfer(0x0, to, amount); approve(spender, amount) emits Approval(owner, spender, amount). */
  const stablecoin = async (label: string, functionName: 'mint' | 'approve', args: readonly [Address, bigint]) =>
    mined(
      label,
      await walletClient.writeContract({ address: tokens.stablecoin, abi: stablecoinAbi, functionName, args }),
    );
  return {
    publicClient,
    /** The number the next proposed L2 block will carry (`layer2_block_number` counts the blocks so far). */
    nextL2Block: async () =>
      Number(
        await publicClient.readContract({ address: nightfall, abi: nightfallAbi, functionName: 'layer2_block_number' }),
      ),
    /** Mints stablecoin units to `to`: one Transfer(0x0, to, amount). */
    mintStablecoin: (to: Address, amount: bigint) => stablecoin('mint stablecoin', 'mint', [to, amount]),
    /** Allowlists `user` in the devnet's X509 (the funder owns it): one AllowlistUpdated(user, true). */
    allowlist: async (user: Address) =>
      mined(
        'allowlist',
        await walletClient.writeContract({
          address: devnet.deployment.x509,
          abi: x509Abi,
          functionName: 'addToAllowlist',
          args: [user],
        }),
      ),
    /** Approves `spender` for `amount` stablecoin units: one Approval(owner, spender, amount). */
    approveStablecoin: (spender: Address, amount: bigint) =>
      stablecoin('approve stablecoin', 'approve', [spender, amount]),
    /** Makes `operator` an operator of all the funder's ERC-721 items: one ApprovalForAll(owner, operator, approved). */
    approveAllCollectibles: async (operator: Address, approved: boolean) =>
      mined(
        'approve all collectibles',
        await walletClient.writeContract({
          address: tokens.erc721,
          abi: erc721OperatorAbi,
          functionName: 'setApprovalForAll',
          args: [operator, approved],
        }),
      ),
    /** Escrows `value` stablecoin units as a deposit; the proposer then puts it into an L2 block. */
    async escrowStablecoin(value: bigint, fee: bigint): Promise<TransactionReceipt> {
      await stablecoin('mint for deposit', 'mint', [walletClient.account.address, value]);
      await stablecoin('approve deposit', 'approve', [nightfall, value]);
      return mined(
        'escrow deposit',
        await walletClient.writeContract({
          address: nightfall,
          abi: nightfallAbi,
          functionName: 'escrow_funds',
          args: [fee, tokens.stablecoin, 0n, value, depositSecretHash(newDepositSecret()), TokenType.ERC20],
          value: fee,
        }),
      );
    },
  };
}
