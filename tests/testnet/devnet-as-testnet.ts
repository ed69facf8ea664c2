// The devnet standing in for the live test network: its facts written as the testnet profile's settings, the way an
// operator would configure a remote network — L1 and the proposer by URL, the tokens funded by transfer from a funder
// that owns nothing (a fresh key, pre-funded here from anvil's dev account 0, which deployed and owns the tokens).
import { parseEther, parseUnits, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { x509Abi } from '../../docker/contracts/abi';
import { awaitReceipts, chainClients, devnetTokens, Funder } from '../../fixtures/chain';
import { recordingLogger } from '../../fixtures/log';
import type { Devnet } from '../../fixtures/network';
import { Secret } from '../../fixtures/secrets';

const RECEIPT_TIMEOUT_MS = 30_000;

/** Whole units the round trip moves per token on the stand-in. */
export const STAND_IN_TOKENS = {
  WGAS: { decimals: 18, amounts: { deposit: '1', transfer: '0.4', withdraw: '0.3' } },
  dUSD: { decimals: 6, amounts: { deposit: '5', transfer: '2', withdraw: '1' } },
} as const;

/**
 * Native coin each user gets on the stand-in, whole units. The plume client sends its de-escrow with a gas limit of
 * 500,000,000 at twice the gas price (about 1 gwei on the devnet's anvil), and the node reserves all of it up front:
 * about 1 ETH, plus preflight's 50 % margin.
 */
export const STAND_IN_GAS_ALLOWANCE = '3';

/** The profile's settings (secrets keyed as in the profile) describing `devnet` as a remote network, for `funderKey`. */
export function standInSettingsOf(
  devnet: Devnet,
  funderKey: Secret<Hex>,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const { deployment } = devnet;
  const proposerUrl = deployment.proposers[0]!.url;
  const address = { WGAS: deployment.tokens.wrappedGas, dUSD: deployment.tokens.stablecoin };
  return {
    rpcUrl: devnet.rpcUrl,
    chainId: devnet.chainId,
    funderKey: funderKey.reveal(),
    nightfallAddress: deployment.nightfall,
    roundRobinAddress: deployment.roundRobin,
    x509Address: deployment.x509,
    genesisBlock: deployment.deployBlock.toString(),
    tokens: Object.entries(STAND_IN_TOKENS).map(([symbol, token]) => ({
      symbol,
      address: address[symbol as keyof typeof address],
      decimals: token.decimals,
      funding: 'transfer',
      amounts: token.amounts,
    })),
    expectedProposers: [proposerUrl],
    gasAllowance: STAND_IN_GAS_ALLOWANCE,
    // The registered URL is a docker alias; this machine reaches the proposer through its published port.
    proposerReachableAt: { [proposerUrl]: devnet.proposerUrl },
    clientImage: devnet.images.client,
    clientEthereumUrl: devnet.ethereumUrlInNetwork,
    clientNetwork: devnet.network,
    // The devnet's double of the hosted event service. No public URL for the receiver: the run pulls the delivery
    // logs, as a nightly job behind NAT does.
    multibaasUrl: devnet.eventService.url,
    multibaasApiKey: devnet.eventService.apiKey.reveal(),
    ...overrides,
  };
}

export interface FunderHoldings {
  /** Native coin, wei. */
  native: bigint;
  /** Whole units of each stand-in token. */
  WGAS: string;
  dUSD: string;
}

/**
 * Fresh funders, each holding what is asked, sent by anvil's dev account 0 in one batch (it wraps and mints what it
 * lacks). Their keys are Secrets like any configured key.
 */
export async function fundedFunders(
  devnet: Devnet,
  holdings: readonly FunderHoldings[],
): Promise<{ key: Secret<Hex>; address: Address }[]> {
  const funders = holdings.map(() => {
    const key = new Secret(generatePrivateKey());
    return { key, address: privateKeyToAddress(key.reveal()) };
  });
  const { publicClient, walletClient } = chainClients(
    { rpcUrl: devnet.rpcUrl, chainId: devnet.chainId },
    devnet.funderKey,
  );
  const owner = new Funder({
    publicClient,
    walletClient,
    tokens: devnetTokens(devnet.deployment),
    receiptTimeoutMs: RECEIPT_TIMEOUT_MS,
    logger: recordingLogger(),
  });
  await owner.fund(
    holdings.map((holding, i) => ({
      to: funders[i]!.address,
      native: holding.native,
      tokens: { WGAS: parseEther(holding.WGAS), dUSD: parseUnits(holding.dUSD, STAND_IN_TOKENS.dUSD.decimals) },
    })),
  );
  return funders;
}

/** Certifies `addresses` the devnet's way: the X509 stand-in's owner (dev account 0) allowlists them. */
export async function allowlist(devnet: Devnet, addresses: readonly Address[]): Promise<void> {
  const { publicClient, walletClient } = chainClients(
    { rpcUrl: devnet.rpcUrl, chainId: devnet.chainId },
    devnet.funderKey,
  );
  const sent = await Promise.all(
    addresses.map(async (address) => ({
      label: `allowlist ${address}`,
      hash: await walletClient.writeContract({
        address: devnet.deployment.x509,
        abi: x509Abi,
        functionName: 'addToAllowlist',
        args: [address],
      }),
    })),
  );
  await awaitReceipts(publicClient, sent, { timeoutMs: RECEIPT_TIMEOUT_MS });
}

/** Sends `wei` of the native coin to each address from anvil's dev account 0. */
export async function giveNative(devnet: Devnet, addresses: readonly Address[], wei: bigint): Promise<void> {
  const { publicClient, walletClient } = chainClients(
    { rpcUrl: devnet.rpcUrl, chainId: devnet.chainId },
    devnet.funderKey,
  );
  const sent = [];
  // One at a time: the dev account's nonces must not collide.
  for (const to of addresses)
    sent.push({ label: `native coin to ${to}`, hash: await walletClient.sendTransaction({ to, value: wei }) });
  await awaitReceipts(publicClient, sent, { timeoutMs: RECEIPT_TIMEOUT_MS });
}
