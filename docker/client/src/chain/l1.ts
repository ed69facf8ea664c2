// Everything the client reads from or sends to L1, through viem's http transport. Sends go one at a time (a mutex): the
// real client fetches a nonce per send and can collide when the worker and the listener send together
// (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_client/src/driven/contract_functions/nightfall_contract.rs:79,195); the simulator serialises them instead,
// so a collision never masks the behaviour under test.
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
import { erc1155Abi, erc3525Abi, erc721Abi, nightfallAbi, roundRobinAbi } from '../../../contracts/abi';
import type { ContractAddresses } from '../../../lib/addresses';
import type { WithdrawData } from '../../../lib/block-codec';
import type { SigningKey } from '../../../lib/settings';
import type { GasLimits, TokenInfoShape, TokenStandard } from '../build-profile';
import { decodeTokenInfo, tokenInfoCallData, type TokenInfo } from './token-info';

/** Receipts and logs are polled at a fraction of the devnet's 1 s block time. */
const POLLING_MS = 250;

export interface L1Options {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly signingKey: SigningKey;
  readonly addresses: ContractAddresses;
  /**
   * The build's fixed gas limits: every transaction is sent with one, never an estimate (so a reverting call is
   * mined, not refused, and a sender who cannot cover limit × max fee + value is refused by the node).
   */
  readonly gasLimits: GasLimits;
  /** How the build decodes getTokenInfo. */
  readonly tokenInfoShape: TokenInfoShape;
}

export interface OnChainProposer {
  readonly stake: bigint;
  readonly addr: Address;
  readonly url: string;
  readonly next_addr: Address;
  readonly previous_addr: Address;
}

class RevertedError extends Error {
  override readonly name = 'RevertedError';
}

export class L1 {
  readonly publicClient: PublicClient;
  readonly #wallet;
  readonly #account: Account;
  readonly addresses: ContractAddresses;
  readonly chainId: number;
  readonly #gasLimits: GasLimits;
  readonly #tokenInfoShape: TokenInfoShape;
  #sendQueue: Promise<unknown> = Promise.resolve();

  constructor(options: L1Options) {
    const chain: Chain = defineChain({
      id: options.chainId,
      name: `nightfall-devnet-${options.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [options.rpcUrl] } },
    });
    // No retries: the real client's alloy provider has no retry layer (lib/src/wallets.rs:55-66 @ plume_testnet_client
    // 4e84c58), so one refused or cut call fails what asked for it (N17, N18). No timeout either: that provider is a
    // WebSocket one (wallets.rs:335-381) with no per-request timeout, so a slow answer is awaited, never a failure
    // (viem's default 10 s would end the queue worker on a merely slow node, as the real client does not).
    const transport = http(options.rpcUrl, { retryCount: 0, timeout: 0 });
    this.publicClient = createPublicClient({ chain, transport, pollingInterval: POLLING_MS });
    this.#account = privateKeyToAccount(options.signingKey.reveal());
    this.#wallet = createWalletClient({ chain, transport, account: this.#account, pollingInterval: POLLING_MS });
    this.addresses = options.addresses;
    this.chainId = options.chainId;
    this.#gasLimits = options.gasLimits;
    this.#tokenInfoShape = options.tokenInfoShape;
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

  /**
   * Gas limit and EIP-1559 fees of one send, as both builds set them for escrow, de-escrow and every approval: max
   * fee = 2 × eth_gasPrice, priority fee = eth_gasPrice (nightfall_contract.rs:134-139,304-309 and
   * token_contracts.rs:50-55,163-168,240-245,384-389 @ plume_testnet_client 4e84c58; nightfall_contract.rs:84-89,
   * 200-205 and token_contracts.rs:53-60,141-148,226-233,311-318 @ master 6ee83be).
   */
  async #gasAndFees(gas: bigint): Promise<{ gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    const gasPrice = await this.publicClient.getGasPrice();
    return { gas, maxFeePerGas: gasPrice * 2n, maxPriorityFeePerGas: gasPrice };
  }

  /**
   * Lets Nightfall pull the deposit (token_contracts.rs): ERC-20 approve(value), ERC-721 and ERC-3525 approve(id),
   * ERC-1155 setApprovalForAll. The receipt status IS checked here, as in the real client.
   */
  async approve(standard: TokenStandard, token: Address, tokenId: bigint, value: bigint): Promise<void> {
    const spender = this.addresses.nightfall;
    const receipt = await this.#send(async () => {
      const sending = await this.#gasAndFees(this.#gasLimits.approve[standard]);
      switch (standard) {
        case 'ERC721':
          return this.#wallet.writeContract({
            address: token,
            abi: erc721Abi,
            functionName: 'approve',
            args: [spender, tokenId],
            ...sending,
          });
        case 'ERC1155':
          return this.#wallet.writeContract({
            address: token,
            abi: erc1155Abi,
            functionName: 'setApprovalForAll',
            args: [spender, true],
            ...sending,
          });
        case 'ERC3525':
          return this.#wallet.writeContract({
            address: token,
            abi: erc3525Abi,
            functionName: 'approve',
            args: [spender, tokenId],
            ...sending,
          });
        case 'ERC20':
          return this.#wallet.writeContract({
            address: token,
            abi: erc20Abi,
            functionName: 'approve',
            args: [spender, value],
            ...sending,
          });
      }
    });
    if (receipt.status !== 'success')
      throw new RevertedError(`token approval reverted (tx ${receipt.transactionHash})`);
  }

  /**
   * Nightfall.escrow_funds; the receipt status is NOT checked (EYBlockchain/nightfall_4_CE @ master 6ee83be :
   * nightfall_client/src/driven/contract_functions/nightfall_contract.rs:112-124): a revert still returns.
   */
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
        ...(await this.#gasAndFees(this.#gasLimits.escrow)),
      }),
    );
  }

  /**
   * Nightfall.descrow_funds from the client's own key; the receipt status is NOT checked
   * (EYBlockchain/nightfall_4_CE @ master 6ee83be :
   * nightfall_client/src/driven/contract_functions/nightfall_contract.rs:219-234).
   */
  async descrowFunds(data: WithdrawData, tokenType: number): Promise<TransactionReceipt> {
    return this.#send(async () =>
      this.#wallet.writeContract({
        address: this.addresses.nightfall,
        abi: nightfallAbi,
        functionName: 'descrow_funds',
        args: [data, tokenType],
        ...(await this.#gasAndFees(this.#gasLimits.deEscrow)),
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

  /** getTokenInfo decoded with the build's own return shape (./token-info): fails where the build's decode fails. */
  async tokenInfo(nfTokenId: bigint): Promise<TokenInfo> {
    const { data } = await this.publicClient.call({
      to: this.addresses.nightfall,
      data: tokenInfoCallData(nfTokenId),
      account: this.#account.address,
    });
    return decodeTokenInfo(this.#tokenInfoShape, data ?? '0x');
  }

  async proposers(): Promise<OnChainProposer[]> {
    const list = await this.publicClient.readContract({
      address: this.addresses.roundRobin,
      abi: roundRobinAbi,
      functionName: 'get_proposers',
    });
    return list.map((p) => ({
      stake: p.stake,
      addr: p.addr,
      url: p.url,
      next_addr: p.next_addr,
      previous_addr: p.previous_addr,
    }));
  }

  l1Balance(): Promise<bigint> {
    return this.publicClient.getBalance({ address: this.#account.address });
  }

  transactionInput(hash: Hash): Promise<Hex> {
    return this.publicClient.getTransaction({ hash }).then((tx) => tx.input);
  }
}
