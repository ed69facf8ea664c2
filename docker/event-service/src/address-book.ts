// Addresses as MultiBaas keeps them: an alias (SPEC AddressAlias :2767-2786) and the library contracts linked to the
// address (SPEC Address.contracts :2687-2766). A link made with a `startingBlock` gets an event monitor that syncs the
// contract's events from that block (SPEC :7995-8005); one made without gets none, and none of its events is synced or
// delivered. The monitors' progress is what `…/contracts/{label}/status` answers (SPEC EventMonitorStatus :4865-4918,
// served in the current document's shape, EventIndexingStatus). Addresses carry no `modules`, as in the current document.
import { getAddress, isAddress, type Address, type Hash } from 'viem';
import { CONTRACT_LIBRARY, type LibraryContract } from './contract-library';
import type { LinkedContract } from './event-rendering';
import type { AddressView, IndexingStatus } from './wire';

/** What the service does not know, as the API answers it: 404 with this message. */
export class NotFound extends Error {
  override readonly name = 'NotFound';
}

/** An event monitor: where its sync started and how far it got. */
export interface EventMonitor {
  readonly id: number;
  readonly link: LinkedContract;
  readonly startBlockNumber: bigint;
  readonly startBlockHash: Hash;
  /** The next block to read. */
  cursor: bigint;
  latestBlockNumber: bigint;
  latestBlockHash: Hash;
  /** Still reading blocks behind the head. */
  isProcessingPastLogs: boolean;
  updatedAt: Date;
}

interface Entry {
  readonly id: number;
  readonly address: Address;
  alias: string;
  /** By contract label, in link order. */
  readonly links: Map<
    string,
    { contract: LibraryContract; decimals: number | undefined; monitor: EventMonitor | undefined }
  >;
}

/** What a link needs from the chain: the block a `startingBlock` names (number and hash), and the contract's decimals. */
export interface ChainLookups {
  head(): Promise<bigint>;
  blockHash(blockNumber: bigint): Promise<Hash>;
  decimals(address: Address, contract: LibraryContract): Promise<number | undefined>;
}

export class AddressBook {
  readonly #entries = new Map<string, Entry>();
  #lastId = 0;
  #lastMonitorId = 0;

  constructor(
    private readonly chain: ChainLookups,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** `POST /chains/ethereum/addresses`: creates or renames. */
  setAlias(address: string, alias: string): AddressView {
    const taken = [...this.#entries.values()].find(
      (entry) => entry.alias === alias && entry.address !== getAddress(address),
    );
    if (taken) throw new Conflict(`alias ${alias} is already used for ${taken.address}`);
    const entry = this.#entryFor(address);
    entry.alias = alias;
    return view(entry);
  }

  /** `GET /chains/ethereum/addresses/{address-or-alias}`: an unknown address has no alias and no contracts; an unknown alias is not found. */
  get(addressOrAlias: string): AddressView {
    const entry = this.#find(addressOrAlias);
    if (entry) return view(entry);
    if (isAddress(addressOrAlias, { strict: false }))
      return { alias: '', address: getAddress(addressOrAlias), chain: 'ethereum', contracts: [] };
    throw new NotFound(`address ${addressOrAlias} not found`);
  }

  /** `POST …/addresses/{address-or-alias}/contracts`: links (or re-links) a library contract, with a monitor if `startingBlock`. */
  async link(addressOrAlias: string, label: string, startingBlock: string | undefined): Promise<AddressView> {
    const contract = CONTRACT_LIBRARY.get(label);
    if (!contract) throw new NotFound(`contract ${label} not found`);
    const entry =
      this.#find(addressOrAlias) ??
      (isAddress(addressOrAlias, { strict: false }) ? this.#entryFor(addressOrAlias) : undefined);
    if (!entry) throw new NotFound(`address ${addressOrAlias} not found`);
    const decimals = await this.chain.decimals(entry.address, contract);
    const link: LinkedContract = { address: entry.address, alias: entry.alias, contract, decimals };
    const monitor = startingBlock === undefined ? undefined : await this.#monitor(link, startingBlock);
    entry.links.set(label, { contract, decimals, monitor });
    return view(entry);
  }

  /** `GET …/contracts/{label}/status`. */
  monitorStatus(addressOrAlias: string, label: string): IndexingStatus {
    const entry = this.#find(addressOrAlias);
    const linked = entry?.links.get(label);
    if (!entry || !linked) throw new NotFound(`contract ${label} is not linked to ${addressOrAlias}`);
    const monitor = linked.monitor;
    if (!monitor)
      throw new NotFound(`no event monitor for ${label} at ${entry.address}: it was linked without a starting block`);
    return {
      isProcessingPastLogs: monitor.isProcessingPastLogs,
      latestBlockNumber: Number(monitor.latestBlockNumber),
      latestBlockHash: monitor.latestBlockHash,
      startBlockNumber: Number(monitor.startBlockNumber),
      startBlockHash: monitor.startBlockHash,
      updatedAt: monitor.updatedAt.toISOString(),
    };
  }

  /** Every event monitor (the follower reads their contracts' logs). */
  monitors(): EventMonitor[] {
    return [...this.#entries.values()].flatMap((entry) =>
      [...entry.links.values()].flatMap((linked) => (linked.monitor ? [linked.monitor] : [])),
    );
  }

  /** The contract linked at `address` (the first linked, with or without a monitor): what a called address is shown as. */
  linkedAt(address: string | null | undefined): LinkedContract | undefined {
    if (!address) return undefined;
    const entry = this.#entries.get(address.toLowerCase());
    const [first] = entry ? [...entry.links.values()] : [];
    return entry && first
      ? { address: entry.address, alias: entry.alias, contract: first.contract, decimals: first.decimals }
      : undefined;
  }

  async #monitor(link: LinkedContract, startingBlock: string): Promise<EventMonitor> {
    const head = await this.chain.head();
    const start =
      startingBlock === 'latest'
        ? head
        : startingBlock.startsWith('-')
          ? maxZero(head + BigInt(startingBlock))
          : BigInt(startingBlock);
    const known = start > head ? head : start;
    const hash = await this.chain.blockHash(known);
    return {
      id: ++this.#lastMonitorId,
      link,
      startBlockNumber: start,
      startBlockHash: hash,
      cursor: start,
      latestBlockNumber: known,
      latestBlockHash: hash,
      isProcessingPastLogs: start < head,
      updatedAt: this.now(),
    };
  }

  #find(addressOrAlias: string): Entry | undefined {
    return (
      this.#entries.get(addressOrAlias.toLowerCase()) ??
      [...this.#entries.values()].find((entry) => entry.alias !== '' && entry.alias === addressOrAlias)
    );
  }

  #entryFor(address: string): Entry {
    const key = address.toLowerCase();
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = { id: ++this.#lastId, address: getAddress(address), alias: '', links: new Map() };
      this.#entries.set(key, entry);
    }
    return entry;
  }
}

/** An alias another address already has: 409. */
export class Conflict extends Error {
  override readonly name = 'Conflict';
}

function view(entry: Entry): AddressView {
  return {
    alias: entry.alias,
    address: entry.address,
    chain: 'ethereum',
    contracts: [...entry.links.values()].map(({ contract }) => ({
      label: contract.label,
      name: contract.name,
      version: contract.version,
    })),
  };
}

function maxZero(value: bigint): bigint {
  return value < 0n ? 0n : value;
}
