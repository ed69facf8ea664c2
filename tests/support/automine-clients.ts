// viem clients for a test's own anvil in automine mode (tests/support/anvil-process.ts): a receipt exists as soon as
// the hash is returned, so fast polling costs nothing.
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type Chain,
  type Hash,
  type HDAccount,
  type Transport,
  type WalletClient,
} from 'viem';

export type AutomineWallet = WalletClient<Transport, Chain, HDAccount>;

export function automineClients(rpcUrl: string, chainId: number) {
  const chain = defineChain({
    id: chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  /** What every client on this chain is created with; spread it into createTestClient and the like. */
  const clientOptions = { chain, transport: http(rpcUrl), pollingInterval: 50, cacheTime: 0 } as const;
  const publicClient = createPublicClient(clientOptions);

  return {
    chain,
    clientOptions,
    publicClient,
    /** A wallet client that signs as `account`. */
    wallet: (account: HDAccount): AutomineWallet => createWalletClient({ ...clientOptions, account }),
    /** Awaits a sent transaction and fails unless it succeeded. */
    mined: async (sent: Promise<Hash>) => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash: await sent, timeout: 10_000 });
      if (receipt.status !== 'success') throw new Error(`transaction ${receipt.transactionHash} reverted`);
      return receipt;
    },
  };
}
