// A real anvil with the devnet contracts deployed, plus what the proposer tests need around an in-process proposer:
// its settings, a certified depositor, a way to escrow deposits and to read the blocks that landed on chain.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Chain, Hash, PublicClient, Transport } from 'viem';
import { createTestClient } from 'viem';
import { erc3525Abi, nightfallAbi, roundRobinAbi, stablecoinAbi, TokenType } from '../../../../docker/contracts/abi';
import { deployDevnet, type DevnetDeployment } from '../../../../docker/deployer/deploy';
import { decodeProposeBlock, type Block } from '../../../../docker/lib/block-codec';
import { writeAddressesFile } from '../../../../docker/lib/addresses';
import {
  depositCommitment,
  depositKey,
  depositSecretHash,
  feeTokenId,
  newDepositSecret,
  nfSlotId,
  nfTokenId,
  type DepositData,
} from '../../../../docker/lib/crypto/commitment';
import { loadProposerSettings, type ProposerSettings } from '../../../../docker/lib/settings';
import {
  anvilDevAccount,
  anvilDevSigner,
  DEPLOYER_ACCOUNT_INDEX,
  devnetDeployRoles,
  PROPOSER_ACCOUNT_INDEX,
} from '../../../../fixtures/network/dev-accounts';
import { startAnvil, type AnvilProcess } from '../../../support/anvil-process';
import { automineClients } from '../../../support/automine-clients';

/** A deposit as the chain books it: its escrow key and the commitment the proposer must put on chain. */
interface EscrowedDeposit {
  data: DepositData;
  key: bigint;
  commitment: bigint;
}

export interface ProposedBlock {
  number: bigint;
  block: Block;
}

export interface ProposerDevnet {
  deployment: DevnetDeployment;
  publicClient: PublicClient<Transport, Chain>;
  /** Proposer settings for this devnet: devnet timings (1 s interval and max wait) unless overridden. */
  settings(env?: Record<string, string>): ProposerSettings;
  /** Escrows `value` stablecoin units; with a deposit fee the escrow books a second, fee-token deposit. */
  escrowStablecoin(opts: { value: bigint; fee: bigint; depositFee?: bigint }): Promise<EscrowedDeposit[]>;
  /** Mints a fresh ERC-3525 token in `slot` and escrows all of it. */
  escrowSlotToken(opts: { slot: bigint; value: bigint }): Promise<EscrowedDeposit>;
  escrowRedeemed(key: bigint): Promise<boolean>;
  isNullified(nullifier: bigint): Promise<boolean>;
  /**
   * Mines until RoundRobin allows a rotation (ROTATION_BLOCKS + 64 after the turn began), rotates as the depositor
   * (anyone may) and returns where the rotation landed.
   */
  rotate(): Promise<{ blockNumber: bigint; transactionHash: Hash }>;
  /** Mines empty blocks at once (automine otherwise mines only on a transaction). */
  mine(blocks: bigint): Promise<void>;
  /** What anvil answers for eth_getBlockByNumber("finalized"). */
  finalizedBlock(): Promise<bigint>;
  /** Every block proposed so far, decoded from the propose_block calldata. */
  proposedBlocks(): Promise<ProposedBlock[]>;
  stop(): Promise<void>;
}

const depositorAccount = anvilDevSigner(1);

export async function startProposerDevnet(): Promise<ProposerDevnet> {
  const anvil: AnvilProcess = await startAnvil();
  const configDir = await mkdtemp(path.join(tmpdir(), 'proposer-test-'));
  try {
    const deployment = await deployDevnet({
      rpcUrl: anvil.rpcUrl,
      ...devnetDeployRoles('http://proposer:3000'),
      allowlist: [depositorAccount.address],
    });
    const addressesFile = path.join(configDir, 'addresses.toml');
    await writeAddressesFile(addressesFile, deployment);
    return connect(anvil, deployment, addressesFile, async () => {
      await anvil.stop();
      await rm(configDir, { recursive: true, force: true });
    });
  } catch (error) {
    await anvil.stop();
    await rm(configDir, { recursive: true, force: true });
    throw error;
  }
}

function connect(
  anvil: AnvilProcess,
  deployment: DevnetDeployment,
  addressesFile: string,
  stop: () => Promise<void>,
): ProposerDevnet {
  const { clientOptions, publicClient, wallet, mined } = automineClients(anvil.rpcUrl, deployment.chainId);
  const testClient = createTestClient({ ...clientOptions, mode: 'anvil' });
  const mine = async (blocks: bigint) => {
    if (blocks > 0n) await testClient.mine({ blocks: Number(blocks), interval: 0 });
  };
  const deployer = wallet(anvilDevSigner(DEPLOYER_ACCOUNT_INDEX));
  const depositor = wallet(depositorAccount);
  const { nightfall, tokens } = deployment;

  const booked = (data: DepositData): EscrowedDeposit => ({
    data,
    key: depositKey(data),
    commitment: depositCommitment(data),
  });

  return {
    deployment,
    publicClient,
    settings: (env = {}) =>
      loadProposerSettings({
        NF4_SIGNING_KEY: anvilDevAccount(PROPOSER_ACCOUNT_INDEX).key.reveal(),
        NF4_ETHEREUM_CLIENT_URL: anvil.rpcUrl,
        NF4_NETWORK__CHAIN_ID: String(deployment.chainId),
        NF4_CONTRACTS__ADDRESSES_FILE: addressesFile,
        NF4_GENESIS_BLOCK: String(deployment.deployBlock),
        NF4_NIGHTFALL_PROPOSER__BLOCK_ASSEMBLY_MAX_WAIT_SECS: '1',
        NF4_NIGHTFALL_PROPOSER__BLOCK_ASSEMBLY_INITIAL_INTERVAL_SECS: '1',
        ...env,
      }),

    async escrowStablecoin({ value, fee, depositFee = 0n }) {
      const secretHash = depositSecretHash(newDepositSecret());
      await mined(
        deployer.writeContract({
          address: tokens.stablecoin,
          abi: stablecoinAbi,
          functionName: 'mint',
          args: [depositor.account.address, value],
        }),
      );
      await mined(
        depositor.writeContract({
          address: tokens.stablecoin,
          abi: stablecoinAbi,
          functionName: 'approve',
          args: [nightfall, value],
        }),
      );
      await mined(
        depositor.writeContract({
          address: nightfall,
          abi: nightfallAbi,
          functionName: 'escrow_funds',
          args: [fee, tokens.stablecoin, 0n, value, secretHash, TokenType.ERC20],
          value: depositFee > 0n ? 2n * fee + depositFee : fee,
        }),
      );
      const id = nfTokenId(tokens.stablecoin, 0n);
      const feeId = feeTokenId(nightfall);
      return [
        booked({ nfTokenId: id, nfSlotId: id, value, secretHash }),
        ...(depositFee > 0n ? [booked({ nfTokenId: feeId, nfSlotId: feeId, value: depositFee, secretHash })] : []),
      ];
    },

    async escrowSlotToken({ slot, value }) {
      const secretHash = depositSecretHash(newDepositSecret());
      const mint = await publicClient.simulateContract({
        account: deployer.account,
        address: tokens.erc3525,
        abi: erc3525Abi,
        functionName: 'mint',
        args: [depositor.account.address, slot, value],
      });
      await mined(deployer.writeContract(mint.request));
      const tokenId = mint.result;
      await mined(
        depositor.writeContract({
          address: tokens.erc3525,
          abi: erc3525Abi,
          functionName: 'approve',
          args: [nightfall, tokenId],
        }),
      );
      await mined(
        depositor.writeContract({
          address: nightfall,
          abi: nightfallAbi,
          functionName: 'escrow_funds',
          args: [0n, tokens.erc3525, tokenId, value, secretHash, TokenType.ERC3525],
        }),
      );
      return booked({
        nfTokenId: nfTokenId(tokens.erc3525, tokenId),
        nfSlotId: nfSlotId(tokens.erc3525, slot),
        value,
        secretHash,
      });
    },

    async escrowRedeemed(key) {
      const [, redeemed] = await publicClient.readContract({
        address: nightfall,
        abi: nightfallAbi,
        functionName: 'deposit_escrowed',
        args: [key],
      });
      return redeemed;
    },

    async rotate() {
      const registry = { address: deployment.roundRobin, abi: roundRobinAbi } as const;
      const [start, turn, finalization] = await Promise.all([
        publicClient.readContract({ ...registry, functionName: 'start_l1_block' }),
        publicClient.readContract({ ...registry, functionName: 'ROTATION_BLOCKS' }),
        publicClient.readContract({ ...registry, functionName: 'FINALIZATION_BLOCKS' }),
      ]);
      await mine(start + turn + finalization - 1n - (await publicClient.getBlockNumber()));
      const { blockNumber, transactionHash } = await mined(
        depositor.writeContract({ ...registry, functionName: 'rotate_proposer' }),
      );
      return { blockNumber, transactionHash };
    },

    mine,

    finalizedBlock: async () => (await publicClient.getBlock({ blockTag: 'finalized' })).number,

    isNullified: (nullifier) =>
      publicClient.readContract({
        address: nightfall,
        abi: nightfallAbi,
        functionName: 'is_nullified',
        args: [nullifier],
      }),

    async proposedBlocks() {
      const logs = await publicClient.getContractEvents({
        address: nightfall,
        abi: nightfallAbi,
        eventName: 'BlockProposed',
        fromBlock: deployment.deployBlock,
        strict: true,
      });
      return Promise.all(
        logs.map(async (log) => {
          const tx = await publicClient.getTransaction({ hash: log.transactionHash });
          return { number: log.args.layer2_block_number, block: decodeProposeBlock(tx.input) };
        }),
      );
    },

    stop,
  };
}
