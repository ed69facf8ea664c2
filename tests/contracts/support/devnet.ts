// A freshly deployed devnet on a real anvil for the contract tests: one anvil per test file (per generation of the
// Nightfall contracts, for files that run on both), configured as the devnet's L1, the chain state rolled back to
// "just deployed" before every test (anvil snapshots), so tests never depend on each other.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  BaseError,
  ContractFunctionRevertedError,
  createTestClient,
  getContract,
  type Address,
  type Chain,
  type Hash,
  type HDAccount,
  type Hex,
  type PublicClient,
  type TestClient,
  type Transport,
  type TransactionReceipt,
} from 'viem';
import {
  erc1155Abi,
  erc3525Abi,
  erc721Abi,
  nightfallAbi,
  nightfallHeadAbi,
  nightfallPlumeAbi,
  roundRobinAbi,
  stablecoinAbi,
  wrappedGasAbi,
  x509Abi,
  type ContractGeneration,
} from '../../../docker/contracts/abi';
import { buildContracts } from '../../../docker/contracts/compile';
import { DEFAULT_CONTRACT_GENERATION, deployDevnet, type DevnetDeployment } from '../../../docker/deployer/deploy';
import { gasCostOf } from '../../../fixtures/chain/receipts';
import { ANVIL_L1_ARGUMENTS } from '../../../fixtures/network/anvil';
import {
  anvilDevSigner,
  DEPLOYER_ACCOUNT_INDEX,
  devnetDeployRoles,
  PROPOSER_ACCOUNT_INDEX,
} from '../../../fixtures/network/dev-accounts';
import { startAnvil, type AnvilProcess } from '../../support/anvil-process';
import { automineClients, type AutomineWallet } from '../../support/automine-clients';

export const PROPOSER_URL = 'http://proposer:3000';

/** Who is who in the contract tests (anvil dev accounts). Only `outsider` is not certified. */
export const roles = {
  deployer: anvilDevSigner(DEPLOYER_ACCOUNT_INDEX),
  proposer: anvilDevSigner(PROPOSER_ACCOUNT_INDEX),
  alice: anvilDevSigner(1),
  bob: anvilDevSigner(2),
  carol: anvilDevSigner(3),
  outsider: anvilDevSigner(4),
  dave: anvilDevSigner(5),
} as const;

type UserWallet = AutomineWallet;

/** What getTokenInfo answers: two words on plume-era contracts, three (with the token type) on head-era ones. */
type TokenInfo = readonly [Address, bigint] | readonly [Address, bigint, number];

export interface ContractsDevnet {
  generation: ContractGeneration;
  /** The anvil's JSON-RPC. */
  rpcUrl: string;
  deployment: DevnetDeployment;
  publicClient: PublicClient<Transport, Chain>;
  testClient: TestClient<'anvil', Transport, Chain>;
  /** A wallet client that signs as the given account. */
  as: (account: HDAccount) => UserWallet;
  /**
   * The deployed contracts, read through the public client and written as `account` (default: the deployer).
   * `nightfall` speaks the head-era view, which is the plume-era one but for getTokenInfo: read that with `tokenInfo`.
   */
  contracts: (account?: HDAccount) => DevnetContracts;
  /** getTokenInfo(nfTokenId), decoded with the generation's own shape. */
  tokenInfo: (nfTokenId: bigint) => Promise<TokenInfo>;
  /** What getTokenInfo answers on this generation for a token of the given address, id and type. */
  tokenInfoOf: (ercAddress: Address, tokenId: bigint, tokenType: number) => TokenInfo;
  /** Awaits a sent transaction and fails unless it succeeded. */
  mined: (sent: Promise<Hash>) => Promise<TransactionReceipt>;
  /** Native balance change of `address` over `receipt`'s transaction, not counting the gas it paid for it. */
  balanceDeltaExcludingGas: (address: Address, before: bigint, receipt: TransactionReceipt) => Promise<bigint>;
}

/**
 * Registers the hooks that give the file's (or the describe block's) tests a devnet with the given generation of the
 * Nightfall contracts deployed; call the returned getter inside tests.
 */
export function useContractsDevnet(
  generation: ContractGeneration = DEFAULT_CONTRACT_GENERATION,
): () => ContractsDevnet {
  let anvil: AnvilProcess | undefined;
  let devnet: ContractsDevnet | undefined;
  let snapshot: Hex | undefined;

  beforeAll(async () => {
    await buildContracts();
    anvil = await startAnvil({ args: [...ANVIL_L1_ARGUMENTS] });
    const deployment = await deployDevnet({
      rpcUrl: anvil.rpcUrl,
      ...devnetDeployRoles(PROPOSER_URL),
      allowlist: [roles.alice.address, roles.bob.address, roles.carol.address, roles.dave.address],
      contracts: generation,
    });
    devnet = connect(anvil.rpcUrl, deployment);
    snapshot = await devnet.testClient.snapshot();
  });

  beforeEach(async () => {
    if (!devnet || !snapshot) return;
    // anvil consumes a snapshot when reverting to it, so take a fresh one each time.
    await devnet.testClient.revert({ id: snapshot });
    snapshot = await devnet.testClient.snapshot();
  });

  afterAll(async () => {
    await anvil?.stop();
  });

  return () => {
    if (!devnet) throw new Error('the devnet is not up (did beforeAll fail?)');
    return devnet;
  };
}

function connect(rpcUrl: string, deployment: DevnetDeployment): ContractsDevnet {
  const { clientOptions, publicClient, wallet, mined } = automineClients(rpcUrl, deployment.chainId);
  const testClient = createTestClient({ ...clientOptions, mode: 'anvil' });
  const wallets = new Map<Address, UserWallet>();

  const as = (account: HDAccount) => {
    let cached = wallets.get(account.address);
    if (!cached) {
      cached = wallet(account);
      wallets.set(account.address, cached);
    }
    return cached;
  };

  const generation = deployment.contracts;
  return {
    generation,
    rpcUrl,
    deployment,
    publicClient,
    testClient,
    as,
    tokenInfo: (nfTokenId) =>
      generation === 'plume'
        ? publicClient.readContract({
            address: deployment.nightfall,
            abi: nightfallPlumeAbi,
            functionName: 'getTokenInfo',
            args: [nfTokenId],
          })
        : publicClient.readContract({
            address: deployment.nightfall,
            abi: nightfallHeadAbi,
            functionName: 'getTokenInfo',
            args: [nfTokenId],
          }),
    tokenInfoOf: (ercAddress, tokenId, tokenType) =>
      generation === 'plume' ? [ercAddress, tokenId] : [ercAddress, tokenId, tokenType],
    contracts: (account = roles.deployer) => bindContracts(deployment, { public: publicClient, wallet: as(account) }),
    mined,
    async balanceDeltaExcludingGas(address, before, receipt) {
      const after = await publicClient.getBalance({ address, blockNumber: receipt.blockNumber });
      const isSender = receipt.from.toLowerCase() === address.toLowerCase();
      const gasPaid = isSender ? gasCostOf(receipt) : 0n;
      return after - before + gasPaid;
    },
  };
}

type DevnetClients = { public: PublicClient<Transport, Chain>; wallet: UserWallet };

function bindContracts(deployment: DevnetDeployment, client: DevnetClients) {
  const { tokens } = deployment;
  return {
    nightfall: getContract({ address: deployment.nightfall, abi: nightfallAbi, client }),
    roundRobin: getContract({ address: deployment.roundRobin, abi: roundRobinAbi, client }),
    x509: getContract({ address: deployment.x509, abi: x509Abi, client }),
    wrappedGas: getContract({ address: tokens.wrappedGas, abi: wrappedGasAbi, client }),
    stablecoin: getContract({ address: tokens.stablecoin, abi: stablecoinAbi, client }),
    erc721: getContract({ address: tokens.erc721, abi: erc721Abi, client }),
    erc1155: getContract({ address: tokens.erc1155, abi: erc1155Abi, client }),
    erc3525: getContract({ address: tokens.erc3525, abi: erc3525Abi, client }),
  };
}
type DevnetContracts = ReturnType<typeof bindContracts>;

/**
 * What revertReasonOf answers for a revert that carries no data at all: what a contract does when calldata fails ABI
 * decoding (an enum value out of range) or when it calls a function the callee does not have.
 */
export const NO_REASON = '(reverted without data)';

/**
 * The revert reason of a call or transaction that must revert: the require() string, the custom error's name or
 * selector, or NO_REASON. Fails when the action succeeds or fails for another cause.
 */
export async function revertReasonOf(action: Promise<unknown>): Promise<string> {
  try {
    await action;
  } catch (error) {
    const isRevert = (cause: unknown) => cause instanceof ContractFunctionRevertedError;
    const reverted = error instanceof BaseError ? error.walk(isRevert) : null;
    if (reverted instanceof ContractFunctionRevertedError) {
      // Without data viem reports the node's message ("execution reverted") as the reason.
      if (reverted.raw === undefined || reverted.raw === '0x') return NO_REASON;
      return reverted.reason ?? reverted.data?.errorName ?? reverted.signature ?? reverted.shortMessage;
    }
    throw error;
  }
  throw new Error('expected a revert, but the action succeeded');
}
