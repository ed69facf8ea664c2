// Turns one L1 log of a linked contract into the vendor's Event (SPEC :4988-5046): the decoded inputs rendered as
// MultiBaas renders them (value-rendering.ts), the exact log as the `rawFields` JSON string (go-ethereum's Log JSON, in
// its field order, `removed` included: the docs' sample), the contract's name, label and address alias, and the
// transaction with its called contract and decoded method `{name, signature, inputs}`. One rendering, spelt twice: the
// events API names the alias `addressAlias`, deliveries `addressLabel` (wire.ts).
import type * as Sdk from '@curvegrid/multibaas-sdk';
import {
  decodeEventLog,
  decodeFunctionData,
  getAddress,
  numberToHex,
  toEventSelector,
  toEventSignature,
  toFunctionSignature,
  type AbiEvent,
  type AbiFunction,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import type { LibraryContract } from './contract-library';
import { renderArgument } from './value-rendering';
import type { DeliveredContract, DeliveredEventData, ListedEvent, RawFields } from './wire';

/** A contract of the library linked to an address (address-book.ts). */
export interface LinkedContract {
  readonly address: Address;
  /** The address's alias (SPEC Alias). */
  readonly alias: string;
  readonly contract: LibraryContract;
  /** The contract's `decimals()`, read when it was linked; amounts are rendered with them. */
  readonly decimals: number | undefined;
}

/** The parts of an eth_getLogs entry the service reads. */
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

/** An event as stored and served: its place on the chain and both spellings. */
export interface RenderedEvent {
  readonly blockNumber: bigint;
  readonly logIndex: number;
  readonly transactionIndex: number;
  /** Emitted while the contract was being created (the transaction has no `to`). */
  readonly fromConstructor: boolean;
  readonly emitter: LinkedContract;
  readonly listed: ListedEvent;
  readonly delivered: DeliveredEventData;
}

/** Indexed parameters of these types are stored as their keccak hash: the log holds no value to decode. */
const isHashedWhenIndexed = (type: string) =>
  type === 'string' || type === 'bytes' || type.startsWith('tuple') || type.endsWith(']');

/** Undefined for a log its contract's ABI does not describe (an anonymous event, or another contract's). */
export function renderEvent(
  log: MinedLog,
  context: LogContext,
  emitter: LinkedContract,
  called: LinkedContract | undefined,
): RenderedEvent | undefined {
  const abiEvent = eventOf(emitter, log.topics[0]);
  if (!abiEvent) return undefined;
  const decoded = decodeEventLog({
    abi: [abiEvent],
    topics: log.topics as [Hex, ...Hex[]],
    data: log.data,
    strict: true,
  });
  const args = decoded.args as unknown as Record<string, unknown> | readonly unknown[];
  let topic = 1;
  const inputs: Sdk.EventField[] = abiEvent.inputs.map((param, index) => {
    const hashed = Boolean(param.indexed) && isHashedWhenIndexed(param.type);
    const topicValue = param.indexed ? log.topics[topic++] : undefined;
    const value: unknown = Array.isArray(args)
      ? args[index]
      : (args as Record<string, unknown>)[param.name ?? String(index)];
    return {
      name: param.name ?? '',
      value: hashed ? topicValue : renderArgument(param, value, emitter.decimals),
      hashed,
      type: param.type,
    };
  });
  const method = called ? methodOf(called, context.transaction.input) : null;
  const common = {
    triggeredAt: rfc3339(context.blockTimestamp),
    event: {
      name: abiEvent.name,
      signature: toEventSignature(abiEvent),
      inputs,
      rawFields: JSON.stringify(rawFieldsOf(log)),
      indexInLog: log.logIndex,
    },
    transaction: {
      from: getAddress(context.transaction.from),
      txData: context.transaction.input.toLowerCase() as Hex,
      txHash: log.transactionHash.toLowerCase() as Hash,
      txIndexInBlock: log.transactionIndex,
      blockHash: log.blockHash.toLowerCase() as Hash,
      blockNumber: Number(log.blockNumber),
    },
  };
  const spelt = <C>(contractOf: (linked: LinkedContract) => C) => ({
    triggeredAt: common.triggeredAt,
    event: {
      name: common.event.name,
      signature: common.event.signature,
      inputs,
      rawFields: common.event.rawFields,
      contract: contractOf(emitter),
      indexInLog: common.event.indexInLog,
    },
    transaction: { ...common.transaction, contract: called ? contractOf(called) : null, method },
  });
  return {
    blockNumber: log.blockNumber,
    logIndex: log.logIndex,
    transactionIndex: log.transactionIndex,
    fromConstructor: context.transaction.to === null,
    emitter,
    listed: spelt(listedContract) satisfies ListedEvent,
    delivered: spelt(deliveredContract) satisfies DeliveredEventData,
  };
}

/** The events API's spelling (SPEC ContractInformation). */
function listedContract(linked: LinkedContract): Sdk.ContractInformation {
  return {
    address: getAddress(linked.address),
    addressAlias: linked.alias,
    name: linked.contract.name,
    label: linked.contract.label,
  };
}

/** The deliveries' spelling, in the docs sample's field order. */
function deliveredContract(linked: LinkedContract): DeliveredContract {
  return {
    address: getAddress(linked.address),
    addressLabel: linked.alias,
    name: linked.contract.name,
    label: linked.contract.label,
  };
}

function eventOf(linked: LinkedContract, selector: Hex | undefined): AbiEvent | undefined {
  if (!selector) return undefined;
  return linked.contract.abi.find(
    (item): item is AbiEvent => item.type === 'event' && !item.anonymous && toEventSelector(item) === selector,
  );
}

/** The called method, decoded with the called contract's ABI (SPEC ContractMethodInformation); null when it does not decode. */
function methodOf(called: LinkedContract, input: Hex): Sdk.ContractMethodInformation | null {
  try {
    const { functionName, args } = decodeFunctionData({ abi: called.contract.abi, data: input });
    const abiFunction = called.contract.abi.find(
      (item): item is AbiFunction =>
        item.type === 'function' && item.name === functionName && item.inputs.length === (args?.length ?? 0),
    )!;
    return {
      name: functionName,
      signature: toFunctionSignature(abiFunction),
      inputs: abiFunction.inputs.map((param, index) => ({
        name: param.name ?? '',
        value: renderArgument(param, args![index], called.decimals),
        type: param.type,
      })),
    };
  } catch {
    return null; // a call the ABI does not describe (a plain ether transfer, a fallback)
  }
}

/** go-ethereum's types.Log JSON in its field order: the docs sample's rawFields. */
function rawFieldsOf(log: MinedLog): RawFields {
  return {
    address: log.address.toLowerCase(),
    topics: log.topics.map((topic) => topic.toLowerCase()),
    data: log.data.toLowerCase(),
    blockNumber: numberToHex(log.blockNumber),
    transactionHash: log.transactionHash.toLowerCase(),
    transactionIndex: numberToHex(log.transactionIndex),
    blockHash: log.blockHash.toLowerCase(),
    logIndex: numberToHex(log.logIndex),
    removed: log.removed,
  };
}

/** RFC 3339 in UTC without fractions (the block time has whole seconds), as Go's time.RFC3339 writes it. */
export function rfc3339(unixSeconds: bigint): string {
  return new Date(Number(unixSeconds) * 1_000).toISOString().replace(/\.000Z$/, 'Z');
}
