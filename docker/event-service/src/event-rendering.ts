// Turns one L1 log of a watched contract into an `event.emitted` delivery item with every field of the wire format
// (docker/lib/event-webhooks/wire.ts): inputs rendered as strings the way MultiBaas shows them, the exact log as the
// `rawFields` JSON string (go-ethereum's types.Log JSON: hex quantities), the contract's name and labels, and the
// transaction that emitted it. Logs that no watched ABI describes are not events of the service: undefined.
import { randomUUID } from 'node:crypto';
import {
  decodeEventLog,
  decodeFunctionData,
  getAddress,
  numberToHex,
  toEventSelector,
  toEventSignature,
  type AbiEvent,
  type AbiParameter,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import type { EmittedEvent, EventInput } from '../../lib/event-webhooks/wire';
import type { ContractCatalog, WatchedContract } from './contract-catalog';

/** The parts of an eth_getLogs entry the service reads (viem's Log of a mined block). */
export interface MinedLog {
  address: Address;
  topics: readonly Hex[];
  data: Hex;
  blockNumber: bigint;
  blockHash: Hash;
  transactionHash: Hash;
  transactionIndex: number;
  logIndex: number;
  removed: boolean;
}

/** The emitting transaction and its block, as the service fetched them. */
export interface LogContext {
  blockTimestamp: bigint;
  transaction: { from: Address; to: Address | null; input: Hex };
}

/** Indexed parameters of these types are stored as their keccak hash: the log holds no value to render. */
const isHashedWhenIndexed = (param: AbiParameter) =>
  param.type === 'string' || param.type === 'bytes' || param.type.startsWith('tuple') || param.type.endsWith(']');

export function renderEmittedEvent(log: MinedLog, context: LogContext, catalog: ContractCatalog): EmittedEvent | undefined {
  const contract = catalog.byAddress(log.address);
  const abiEvent = contract && eventOf(contract, log.topics[0]);
  if (!contract || !abiEvent) return undefined;
  const decoded = decodeEventLog({
    abi: [abiEvent],
    topics: log.topics as [Hex, ...Hex[]],
    data: log.data,
    strict: true,
  });
  const args = decoded.args as unknown as Record<string, unknown> | readonly unknown[];
  const inputs: EventInput[] = abiEvent.inputs.map((param, index) => ({
    name: param.name ?? '',
    value: renderValue(Array.isArray(args) ? args[index] : (args as Record<string, unknown>)[param.name ?? String(index)]),
    hashed: Boolean(param.indexed) && isHashedWhenIndexed(param),
    type: param.type,
  }));
  const called = catalog.byAddress(context.transaction.to);
  return {
    id: randomUUID(),
    event: 'event.emitted',
    data: {
      triggeredAt: new Date(Number(context.blockTimestamp) * 1_000).toISOString(),
      event: {
        name: abiEvent.name,
        signature: toEventSignature(abiEvent),
        inputs,
        rawFields: JSON.stringify(rawFieldsOf(log)),
        contract: { address: contract.address, name: contract.name, label: contract.label, addressLabel: contract.addressLabel },
        indexInLog: log.logIndex,
      },
      transaction: {
        from: getAddress(context.transaction.from), // checksummed, as every address of the delivery
        txData: context.transaction.input,
        txHash: log.transactionHash,
        txIndexInBlock: log.transactionIndex,
        blockHash: log.blockHash,
        blockNumber: Number(log.blockNumber),
        contract: called ? { address: called.address, name: called.name, label: called.label } : null,
        method: called ? methodOf(called, context.transaction.input) : null,
      },
    },
  };
}

function eventOf(contract: WatchedContract, selector: Hex | undefined): AbiEvent | undefined {
  if (!selector) return undefined;
  return contract.abi.find((item): item is AbiEvent => item.type === 'event' && !item.anonymous && toEventSelector(item) === selector);
}

function methodOf(contract: WatchedContract, input: Hex): string | null {
  try {
    return decodeFunctionData({ abi: contract.abi, data: input }).functionName;
  } catch {
    return null; // a call the ABI does not describe (e.g. a plain transfer of ether)
  }
}

/** Numbers as decimal strings (exact, no decimals applied), structs and arrays as JSON with such strings. */
export function renderValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** go-ethereum's types.Log JSON, the shape MultiBaas puts into rawFields. */
function rawFieldsOf(log: MinedLog) {
  return {
    address: log.address,
    topics: log.topics,
    data: log.data,
    blockNumber: numberToHex(log.blockNumber),
    transactionHash: log.transactionHash,
    transactionIndex: numberToHex(log.transactionIndex),
    blockHash: log.blockHash,
    logIndex: numberToHex(log.logIndex),
    removed: log.removed,
  };
}
