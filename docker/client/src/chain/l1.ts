// Everything the client reads from or sends to L1, through viem's http transport. Sends go one at a time (a mutex):
// the real client fetches a nonce per send and can collide when the worker and the listener send together
// (reference §9); the simulator serialises them instead, so a collision never masks the behaviour under test.
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  type Account,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { erc1155Abi, erc3525Abi, erc721Abi, nightfallAbi, roundRobinAbi, TokenType } from '../../../contracts/abi';
import type { ContractAddresses } from '../../../lib/addresses';
import type { WithdrawData } from '../../../lib/block-codec';
import type { SigningKey } from '../../../lib/settings';

/** The real client sends escrow_funds with a fixed gas limit (so a reverting call is mined, not refused). */
const ESCROW_GAS = 5_000_000n;
/** The real client uses 500M for descrow_funds (its anvil allows it); the devnet's block gas limit does not. */
const DESCROW_GAS = 5_000_000n;
/** Receipts and logs are polled at a fraction of the devnet's 1 s block time. */
const POLLING_MS = 250;

export interface L1Options {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly signingKey: SigningKey;
  readonly addresses: ContractAddresses;
}

export interface OnChainProposer {
  readonly stake: bigint;
  readonly addr: Address;
  readonly url: string;
  readonly next_addr: Address;
  readonly previous_addr: Address;
}

export class RevertedError extends Error {
  override readonly name = 'RevertedError';
}

export class L1 {
  readonly publicClient: PublicClient;
  readonly #wallet;
  readonly #account: Account;
  readonly addresses: ContractAddresses;
  #sendQueue: Promise<unknown> = Promise.resolve();

  constructor(options: L1Options) {
    const chain: Chain = defineChain({
      id: options.chainId,
      name: `nightfall-devnet-${options.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [options.rpcUrl] } },
    });
    const transport = http(options.rpcUrl, { retryCount: 2 });
    this.publicClient = createPublicClient({ chain, transport, pollingInterval: POLLING_MS });
    this.#account = privateKeyToAccount(options.signingKey.reveal());
    this.#wallet = createWalletClient({ chain, transport, account: this.#account, pollingInterval: POLLING_MS });
    this.addresses = options.addresses;
  }

  get address(): Address {
    return this.#account.address;
  }

  /** One send at a time; resolves with the mined receipt (whatever its status). */
  #send(submit: () => Promise<Hash>): Promise<TransactionReceipt> {
    const run = this.#sendQueue.then(async () => {
      const hash = await submit();
      return this.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    });
    this.#sendQueue = run.catch(() => undefined);
    return run;
  }

  /** EIP-1559 fees as the real client sets them: max = 2 × gas price, priority = gas price. */
  async #fees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    const gasPrice = await this.publicClient.getGasPrice();
    return { maxFeePerGas: gasPrice * 2n, maxPriorityFeePerGas: gasPrice };
  }

  /**
   * Lets Nightfall pull the deposit (token_contracts.rs): ERC-20 approve(value), ERC-721 and ERC-3525 approve(id),
   * ERC-1155 setApprovalForAll. The receipt status IS checked here, as in the real client.
   */
  async approve(tokenType: number, token: Address, tokenId: bigint, value: bigint): Promise<void> {
    const spender = this.addresses.nightfall;
    const receipt = await this.#send(() => {
      switch (tokenType) {
        case TokenType.ERC721:
          return this.#wallet.writeContract({ address: token, abi: erc721Abi, functionName: 'approve', args: [spender, tokenId] });
        case TokenType.ERC1155:
          return this.#wallet.writeContract({ address: token, abi: erc1155Abi, functionName: 'setApprovalForAll', args: [spender, true] });
        case TokenType.ERC3525:
          return this.#wallet.writeContract({ address: token, abi: erc3525Abi, functionName: 'approve', args: [spender, tokenId] });
        default:
          return this.#wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [spender, value] });
      }
    });
    if (receipt.status !== 'success') throw new RevertedError(`token approval reverted (tx ${receipt.transactionHash})`);
  }

  /** Nightfall.escrow_funds; the receipt status is NOT checked (reference §0.11): a revert still returns. */
  async escrowFunds(args: {
    fee: bigint;
    token: Address;
    tokenId: bigint;
    value: bigint;
    secretHash: bigint;
    tokenType: number;
    msgValue: bigint;
  }): Promise<TransactionReceipt> {
    return this.#send(async () =>
      this.#wallet.writeContract({
        address: this.addresses.nightfall,
        abi: nightfallAbi,
        functionName: 'escrow_funds',
        args: [args.fee, args.token, args.tokenId, args.value, args.secretHash, args.tokenType],
        value: args.msgValue,
        gas: ESCROW_GAS,
        ...(await this.#fees()),
      }),
    );
  }

  /** Nightfall.descrow_funds from the client's own key; the receipt status is NOT checked (reference §3.5). */
  async descrowFunds(data: WithdrawData, tokenType: number): Promise<TransactionReceipt> {
    return this.#send(async () =>
      this.#wallet.writeContract({
        address: this.addresses.nightfall,
        abi: nightfallAbi,
        functionName: 'descrow_funds',
        args: [data, tokenType],
        gas: DESCROW_GAS,
        ...(await this.#fees()),
      }),
    );
  }

  withdrawProcessed(data: WithdrawData): Promise<boolean> {
    return this.publicClient.readContract({
      address: this.addresses.nightfall,
      abi: nightfallAbi,
      functionName: 'withdraw_processed',
      args: [data],
      account: this.#account.address,
    });
  }

  slotOf(token: Address, tokenId: bigint): Promise<bigint> {
    return this.publicClient.readContract({ address: token, abi: erc3525Abi, functionName: 'slotOf', args: [tokenId] });
  }

  /** The next L2 block number the contract will emit (= number of blocks proposed so far). */
  layer2BlockNumber(): Promise<bigint> {
    return this.publicClient.readContract({
      address: this.addresses.nightfall,
      abi: nightfallAbi,
      functionName: 'layer2_block_number',
    });
  }

  async tokenInfo(nfTokenId: bigint): Promise<{ ercAddress: Address; tokenId: bigint; tokenType: number }> {
    const [ercAddress, tokenId, tokenType] = await this.publicClient.readContract({
      address: this.addresses.nightfall,
      abi: nightfallAbi,
      functionName: 'getTokenInfo',
      args: [nfTokenId],
    });
    return { ercAddress, tokenId, tokenType };
  }

  async proposers(): Promise<OnChainProposer[]> {
    const list = await this.publicClient.readContract({
      address: this.addresses.roundRobin,
      abi: roundRobinAbi,
      functionName: 'get_proposers',
    });
    return list.map((p) => ({ stake: p.stake, addr: p.addr, url: p.url, next_addr: p.next_addr, previous_addr: p.previous_addr }));
  }

  l1Balance(): Promise<bigint> {
    return this.publicClient.getBalance({ address: this.#account.address });
  }

  transactionInput(hash: Hash): Promise<Hex> {
    return this.publicClient.getTransaction({ hash }).then((tx) => tx.input);
  }
}
