// Deploys the devnet's contracts from the host: the X509 stand-in, Nightfall of the chosen generation (`plume`, the
// one the test network was deployed from, or `head`, upstream master's), the RoundRobin proposer registry and
// the harness's tokens; certifies the deployer, the proposer and the given addresses; registers the proposer;
// links Nightfall to the registry; mines past the bootstrap rotation's finality (the proposer waits for it).
// Transactions go out back to back with explicit nonces and their receipts are awaited together, which is fast with
// automine and with interval mining alike.
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  http,
  isAddress,
  type Abi,
  type Address,
  type Chain,
  type TestClient,
  type ContractConstructorArgs,
  type ContractFunctionName,
  type EncodeDeployDataParameters,
  type EncodeFunctionDataParameters,
  type Hash,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { z } from 'zod';
import {
  contractGenerations,
  erc1155Abi,
  erc3525Abi,
  erc721Abi,
  nightfallAbis,
  roundRobinAbi,
  stablecoinAbi,
  wrappedGasAbi,
  x509Abi,
  type ContractGeneration,
} from '../contracts/abi';
import { loadArtifact, nightfallContractOf, type ContractName } from '../contracts/artifacts';
import { buildContracts } from '../contracts/compile';

export { contractGenerations, type ContractGeneration };

/** Which generation of the Nightfall contracts the devnet deploys unless told otherwise: the test network's. */
export const DEFAULT_CONTRACT_GENERATION: ContractGeneration = 'plume';

export interface DevnetDeployment {
  chainId: number;
  /** The generation of the Nightfall contract at `nightfall`. */
  contracts: ContractGeneration;
  deployBlock: bigint;
  nightfall: Address;
  roundRobin: Address;
  x509: Address;
  tokens: { wrappedGas: Address; stablecoin: Address; erc721: Address; erc1155: Address; erc3525: Address };
  proposers: { address: Address; url: string }[];
}

/** The proposer's stake in wei, as in the real dev configuration. */
export const DEFAULT_PROPOSER_STAKE = 4n;
/**
 * The real dev configuration's `proposer_rotation_blocks` (nightfall.toml:107 @ plume_testnet_deployer 0326e57); the
 * contract adds its 64 FINALIZATION_BLOCKS, so a turn lasts 68 L1 blocks before anyone may rotate.
 */
export const DEFAULT_ROTATION_BLOCKS = 4n;

const privateKeySchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')
  .transform((key) => key as Hex);
const addressSchema = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), 'must be an address')
  .transform((value) => getAddress(value));

const deployOptionsSchema = z.object({
  rpcUrl: z.url(),
  deployerKey: privateKeySchema,
  proposer: z.object({ key: privateKeySchema, url: z.string().min(1) }),
  allowlist: z.array(addressSchema),
  contracts: z.enum(contractGenerations).default(DEFAULT_CONTRACT_GENERATION),
  proposerStake: z.bigint().nonnegative().default(DEFAULT_PROPOSER_STAKE),
  rotationBlocks: z.bigint().nonnegative().default(DEFAULT_ROTATION_BLOCKS),
});
export type DeployDevnetOptions = z.input<typeof deployOptionsSchema>;

/** Generous fixed limits for calls into contracts that may not be mined yet (estimation would see no code). */
const CALL_GAS = { allowlist: 100_000n, bootstrap: 400_000n, link: 100_000n } as const;

export async function deployDevnet(options: DeployDevnetOptions): Promise<DevnetDeployment> {
  const opts = deployOptionsSchema.parse(options);
  await buildContracts();

  const transport = http(opts.rpcUrl, { retryCount: 2 });
  const probe = createPublicClient({ transport });
  const chain = defineChain({
    id: await probe.getChainId(),
    name: 'nightfall-devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 100, cacheTime: 0 });
  const deployer = privateKeyToAccount(opts.deployerKey);
  const proposer = privateKeyToAccount(opts.proposer.key).address;
  const walletClient = createWalletClient({ account: deployer, chain, transport });
  const sender = await TransactionSequence.start(publicClient, walletClient);

  const x509 = await sender.deploy('X509', x509Abi, []);
  const nightfall = await sender.deploy(nightfallContractOf[opts.contracts], nightfallAbis[opts.contracts], [x509]);
  const roundRobin = await sender.deploy('RoundRobin', roundRobinAbi, [x509, opts.proposerStake, opts.rotationBlocks]);
  const tokens = {
    wrappedGas: await sender.deploy('WrappedGas', wrappedGasAbi, []),
    stablecoin: await sender.deploy('Stablecoin', stablecoinAbi, []),
    erc721: await sender.deploy('Collectible', erc721Abi, []),
    erc1155: await sender.deploy('MultiToken', erc1155Abi, []),
    erc3525: await sender.deploy('SlotToken', erc3525Abi, []),
  };

  const certified = [...new Set([deployer.address, proposer, ...opts.allowlist].map((address) => getAddress(address)))];
  for (const address of certified) {
    await sender.call(`allowlist ${address}`, CALL_GAS.allowlist, {
      address: x509,
      abi: x509Abi,
      functionName: 'addToAllowlist',
      args: [address],
    });
  }
  await sender.call('bootstrap the proposer', CALL_GAS.bootstrap, {
    address: roundRobin,
    abi: roundRobinAbi,
    functionName: 'bootstrapDefaultProposer',
    args: [proposer, opts.proposer.url],
    value: opts.proposerStake,
  });
  await sender.call('link Nightfall to RoundRobin', CALL_GAS.link, {
    address: nightfall,
    abi: nightfallAbis[opts.contracts],
    functionName: 'set_proposer_manager',
    args: [roundRobin],
  });

  const deployBlock = await sender.settle();
  await mineBootstrapRotationFinal(publicClient, createTestClient({ chain, transport, mode: 'anvil' }));
  return {
    chainId: chain.id,
    contracts: opts.contracts,
    deployBlock,
    nightfall,
    roundRobin,
    x509,
    tokens,
    proposers: [{ address: proposer, url: opts.proposer.url }],
  };
}

/** Blocks anvil keeps between its head and the block it calls `finalized` (anvil 1.7.1, measured: two 32-slot epochs). */
const ANVIL_FINALIZED_DEPTH = 64n;
/** Confirmations the proposer requires of a rotation behind the finalized block (docker/proposer/src/finality-checker.ts). */
const ROTATION_CONFIRMATIONS = 12n;

/**
 * The proposer proposes nothing until every ProposerRotated, the bootstrap's included, is 12 blocks behind the
 * finalized block. The test network's bootstrap is long past; a fresh devnet's would hold the first block for 76 s.
 * Mines past it at once (same timestamp, so the chain's clock does not run ahead), so the devnet starts as the test
 * network runs; a rotation sent later is held as long as the real proposer would hold it.
 */
async function mineBootstrapRotationFinal(publicClient: PublicClient, testClient: TestClient): Promise<void> {
  const head = await publicClient.getBlockNumber();
  await testClient.mine({ blocks: Number(ROTATION_CONFIRMATIONS + ANVIL_FINALIZED_DEPTH), interval: 0 });
  const finalized = (await publicClient.getBlock({ blockTag: 'finalized' })).number;
  if (finalized < head + ROTATION_CONFIRMATIONS) {
    throw new Error(
      `anvil's finalized block is ${finalized} after mining past block ${head}; expected it ` +
        `${ANVIL_FINALIZED_DEPTH} blocks below the head (has its --slots-in-an-epoch changed?)`,
    );
  }
}

/** Sends one account's transactions with consecutive nonces and fixed fees, then awaits all receipts at once. */
class TransactionSequence {
  private readonly sent: { label: string; hash: Hash; contract?: Address }[] = [];

  private constructor(
    private readonly publicClient: PublicClient,
    private readonly walletClient: WalletClient<Transport, Chain, PrivateKeyAccount>,
    private nonce: number,
    private readonly fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ) {}

  static async start(
    publicClient: PublicClient,
    walletClient: WalletClient<Transport, Chain, PrivateKeyAccount>,
  ): Promise<TransactionSequence> {
    const [nonce, fees] = await Promise.all([
      publicClient.getTransactionCount({ address: walletClient.account.address, blockTag: 'pending' }),
      publicClient.estimateFeesPerGas(),
    ]);
    // Headroom so that later transactions of the sequence stay valid if the base fee rises meanwhile.
    const headroom = { maxFeePerGas: fees.maxFeePerGas * 2n, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
    return new TransactionSequence(publicClient, walletClient, nonce, headroom);
  }

  private get account(): PrivateKeyAccount {
    return this.walletClient.account;
  }

  /** Sends the deployment and returns the address the contract will have. */
  async deploy<const abi extends Abi>(
    name: ContractName,
    abi: abi,
    args: ContractConstructorArgs<abi>,
  ): Promise<Address> {
    const bytecode = loadArtifact(name).bytecode;
    const data = encodeDeployData({ abi, bytecode, args } as EncodeDeployDataParameters);
    const gas = await this.publicClient.estimateGas({ account: this.account, data });
    const contract = getContractAddress({ from: this.account.address, nonce: BigInt(this.nonce) });
    this.sent.push({ label: `deploy ${name}`, hash: await this.send({ data, gas }), contract });
    return contract;
  }

  async call<const abi extends Abi, functionName extends ContractFunctionName<abi, 'nonpayable' | 'payable'>>(
    label: string,
    gas: bigint,
    request: EncodeFunctionDataParameters<abi, functionName> & { address: Address; value?: bigint },
  ): Promise<void> {
    const data = encodeFunctionData(request as EncodeFunctionDataParameters);
    this.sent.push({ label, hash: await this.send({ to: request.address, data, gas, value: request.value }) });
  }

  /** Awaits every receipt; fails naming the first step that reverted. Returns the block of the first one. */
  async settle(): Promise<bigint> {
    const receipts = await Promise.all(
      this.sent.map(({ hash }) => this.publicClient.waitForTransactionReceipt({ hash, timeout: 60_000 })),
    );
    receipts.forEach((receipt, index) => {
      const step = this.sent[index]!;
      if (receipt.status !== 'success')
        throw new Error(`Devnet deployment failed at "${step.label}" (tx ${step.hash})`);
      if (step.contract && receipt.contractAddress && getAddress(receipt.contractAddress) !== step.contract) {
        throw new Error(`"${step.label}" deployed to ${receipt.contractAddress}, expected ${step.contract}`);
      }
    });
    const first = receipts[0];
    if (!first) throw new Error('Nothing was deployed');
    return first.blockNumber;
  }

  private async send(tx: { to?: Address; data: Hex; gas: bigint; value?: bigint | undefined }): Promise<Hash> {
    const hash = await this.walletClient.sendTransaction({
      ...tx,
      nonce: this.nonce,
      ...this.fees,
    });
    this.nonce += 1;
    return hash;
  }
}
