// Test data: deliveries as the service sends them, built from real ABI encodings (viem), for the wire, verifier, inbox
// and receiver tests (no image imports it). Hashes are keccak of a label, addresses anvil's well-known ones: nothing
// here is a real chain's data.
import { randomUUID } from 'node:crypto';
import { encodeAbiParameters, encodeEventTopics, keccak256, stringToHex, type Abi, type Address, type Hash, type Hex } from 'viem';
import { nightfallAbi, roundRobinAbi, stablecoinAbi, erc721Abi } from '../../contracts/abi';
import type { EmittedEvent, IncludedTransaction } from './wire';

export const NIGHTFALL: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'; // anvil: first deployment of account 0
export const ROUND_ROBIN: Address = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'; // anvil: second deployment of account 0
export const TOKEN: Address = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'; // anvil: third deployment of account 0
export const NFT: Address = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9'; // anvil: fourth deployment of account 0
export const ALICE: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'; // anvil: well-known dev account 1
export const BOB: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'; // anvil: well-known dev account 2
/** A webhook secret for tests only (the service makes 32 random bytes; this shape is close enough). */
export const TEST_WEBHOOK_SECRET = 'test-webhook-secret-not-a-real-one';

/** A 32-byte hash derived from a label, so tests name their hashes instead of writing hex literals. */
export function labelHash(label: string): Hash {
  return keccak256(stringToHex(label));
}

export interface LogPlacement {
  blockNumber: bigint;
  logIndex: number;
  /** Defaults to a hash of the block number and log index. */
  transactionHash?: Hash;
  /** Delivery id; a fresh UUID by default. */
  id?: string;
}

interface EventSpec {
  address: Address;
  contractName: string;
  label: string;
  name: string;
  signature: string;
  topics: Hex[];
  data: Hex;
  inputs: { name: string; value: string; hashed: boolean; type: string }[];
}

function emitted(spec: EventSpec, at: LogPlacement): EmittedEvent {
  const transactionHash = at.transactionHash ?? labelHash(`tx ${at.blockNumber}/${at.logIndex}`);
  const blockHash = labelHash(`block ${at.blockNumber}`);
  const rawLog = {
    address: spec.address.toLowerCase(),
    topics: spec.topics,
    data: spec.data,
    blockNumber: `0x${at.blockNumber.toString(16)}`,
    transactionHash,
    transactionIndex: '0x0',
    blockHash,
    logIndex: `0x${at.logIndex.toString(16)}`,
    removed: false,
  };
  return {
    id: at.id ?? randomUUID(),
    event: 'event.emitted',
    data: {
      triggeredAt: new Date(0).toISOString(),
      event: {
        name: spec.name,
        signature: spec.signature,
        inputs: spec.inputs,
        rawFields: JSON.stringify(rawLog),
        contract: { address: spec.address, name: spec.contractName, label: spec.label, addressLabel: spec.label },
        indexInLog: at.logIndex,
      },
      transaction: {
        from: ALICE,
        txData: '0x',
        txHash: transactionHash,
        txIndexInBlock: 0,
        blockHash,
        blockNumber: Number(at.blockNumber),
        contract: null,
        method: null,
      },
    },
  };
}

function topicsOf(abi: Abi, eventName: string, args: Record<string, unknown>): Hex[] {
  return encodeEventTopics({ abi, eventName, args } as Parameters<typeof encodeEventTopics>[0]) as Hex[];
}

/** Nightfall's `BlockProposed(int256 indexed layer2_block_number)`. */
export function blockProposed(l2Block: number, at: LogPlacement, address: Address = NIGHTFALL): EmittedEvent {
  return emitted(
    {
      address,
      contractName: 'Nightfall',
      label: 'nightfall',
      name: 'BlockProposed',
      signature: 'BlockProposed(int256)',
      topics: topicsOf(nightfallAbi, 'BlockProposed', { layer2_block_number: BigInt(l2Block) }),
      data: '0x',
      inputs: [{ name: 'layer2_block_number', value: String(l2Block), hashed: false, type: 'int256' }],
    },
    at,
  );
}

/** Nightfall's `DepositEscrowed(uint256 nfSlotId, uint256 value)`. */
export function depositEscrowed(nfSlotId: bigint, value: bigint, at: LogPlacement): EmittedEvent {
  return emitted(
    {
      address: NIGHTFALL,
      contractName: 'Nightfall',
      label: 'nightfall',
      name: 'DepositEscrowed',
      signature: 'DepositEscrowed(uint256,uint256)',
      topics: topicsOf(nightfallAbi, 'DepositEscrowed', {}),
      data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [nfSlotId, value]),
      inputs: [
        { name: 'nfSlotId', value: nfSlotId.toString(), hashed: false, type: 'uint256' },
        { name: 'value', value: value.toString(), hashed: false, type: 'uint256' },
      ],
    },
    at,
  );
}

/** RoundRobin's `ProposerRotated(Proposer)`. */
export function proposerRotated(proposer: Address, url: string, at: LogPlacement): EmittedEvent {
  const struct = { stake: 10n ** 18n, addr: proposer, url, next_addr: proposer, previous_addr: proposer };
  return emitted(
    {
      address: ROUND_ROBIN,
      contractName: 'RoundRobin',
      label: 'round_robin',
      name: 'ProposerRotated',
      signature: 'ProposerRotated((uint256,address,string,address,address))',
      topics: topicsOf(roundRobinAbi, 'ProposerRotated', {}),
      data: encodeAbiParameters(
        [{ type: 'tuple', components: roundRobinAbi.find((x) => x.type === 'event' && x.name === 'ProposerRotated')!.inputs[0]!.components }],
        [struct],
      ),
      inputs: [{ name: 'proposer', value: JSON.stringify({ ...struct, stake: struct.stake.toString() }), hashed: false, type: 'tuple' }],
    },
    at,
  );
}

/** An ERC-20 `Transfer(from, to, value)`; the rendered value has decimals applied, as the real service may do. */
export function erc20Transfer(token: Address, from: Address, to: Address, value: bigint, at: LogPlacement): EmittedEvent {
  return emitted(
    {
      address: token,
      contractName: 'Stablecoin',
      label: 'stablecoin',
      name: 'Transfer',
      signature: 'Transfer(address,address,uint256)',
      topics: topicsOf(stablecoinAbi, 'Transfer', { from, to }),
      data: encodeAbiParameters([{ type: 'uint256' }], [value]),
      inputs: [
        { name: 'from', value: from, hashed: false, type: 'address' },
        { name: 'to', value: to, hashed: false, type: 'address' },
        { name: 'value', value: `${Number(value) / 1e6}`, hashed: false, type: 'uint256' },
      ],
    },
    at,
  );
}

/** An ERC-721 `Transfer(from, to, tokenId)`: all three arguments indexed. */
export function erc721Transfer(token: Address, from: Address, to: Address, tokenId: bigint, at: LogPlacement): EmittedEvent {
  return emitted(
    {
      address: token,
      contractName: 'Collectible',
      label: 'collectible',
      name: 'Transfer',
      signature: 'Transfer(address,address,uint256)',
      topics: topicsOf(erc721Abi, 'Transfer', { from, to, tokenId }),
      data: '0x',
      inputs: [
        { name: 'from', value: from, hashed: false, type: 'address' },
        { name: 'to', value: to, hashed: false, type: 'address' },
        { name: 'tokenId', value: tokenId.toString(), hashed: false, type: 'uint256' },
      ],
    },
    at,
  );
}

/** A managed-wallet `transaction.included` (the harness never causes one; the receiver must still accept it). */
export function transactionIncluded(blockNumber: number): IncludedTransaction {
  return {
    id: randomUUID(),
    event: 'transaction.included',
    data: {
      tx: { hash: labelHash(`managed tx ${blockNumber}`) },
      status: 'mined',
      from: ALICE,
      failed: false,
      blockNumber,
      blockHash: labelHash(`block ${blockNumber}`),
      resubmissionAttempts: 0,
      successfulResubmissions: 0,
      createdAt: new Date(0).toISOString(),
      updatedAt: new Date(0).toISOString(),
    },
  };
}
