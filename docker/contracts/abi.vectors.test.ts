// The simulators' ABIs held to the real contracts (fixtures/vectors): every entry that upstream also declares must be
// declared alike (selector, outputs, mutability), events must decode the logs the real contracts emitted, and
// getTokenInfo must read each generation's answers. The harness's own ABIs (fixtures/l1-contracts) meet the same vectors.
import { decodeEventLog, decodeFunctionResult, toEventSelector, toFunctionSelector, type Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { canonicalEntry, functionSignature } from '../../fixtures/l1-contracts/abi-canonical';
import { eventVectors, getTokenInfoVectors, upstreamAbiOf } from '../../fixtures/vectors/l1-contracts';
import { erc1155Abi, erc3525Abi, erc721Abi, nightfallAbis, roundRobinAbi, stablecoinAbi, x509Abi } from './abi';

const GENERATIONS = ['plume', 'head'] as const;

const AGAINST_UPSTREAM: { name: string; abi: Abi; contract: string; generations: readonly ('plume' | 'head')[] }[] = [
  { name: 'nightfallAbis.plume', abi: nightfallAbis.plume, contract: 'Nightfall', generations: ['plume'] },
  { name: 'nightfallAbis.head', abi: nightfallAbis.head, contract: 'Nightfall', generations: ['head'] },
  { name: 'roundRobinAbi', abi: roundRobinAbi, contract: 'RoundRobin', generations: GENERATIONS },
  { name: 'x509Abi', abi: x509Abi, contract: 'X509', generations: GENERATIONS },
];

describe('entries the real contracts also declare are declared alike', () => {
  for (const { name, abi, contract, generations } of AGAINST_UPSTREAM) {
    for (const generation of generations) {
      it(`${name} against ${contract} @ ${generation}`, () => {
        const upstream = upstreamAbiOf(contract, generation);
        const upstreamByInputs = new Map(
          upstream.abi
            .filter((entry) => entry.type === 'function')
            .map((entry) => [functionSignature(entry), canonicalEntry(entry)]),
        );
        let shared = 0;
        for (const entry of abi) {
          if (entry.type !== 'function') continue;
          const real = upstreamByInputs.get(functionSignature(entry));
          if (real === undefined) continue; // devnet-only (abi.ts says which)
          shared++;
          expect(canonicalEntry(entry), functionSignature(entry)).toBe(real);
          expect(toFunctionSelector(entry)).toBe(`0x${upstream.methodIdentifiers[functionSignature(entry)]}`);
        }
        expect(shared, 'entries shared with upstream').toBeGreaterThan(0);
      });
    }
  }
});

const ABI_OF_CONTRACT: Record<string, Abi> = {
  Nightfall: nightfallAbis.head,
  RoundRobin: roundRobinAbi,
  ERC20Mock: stablecoinAbi,
  ERC721Mock: erc721Abi,
  ERC1155Mock: erc1155Abi,
  ERC3525Mock: erc3525Abi,
};

const positional = (value: unknown): unknown =>
  typeof value === 'bigint' || typeof value === 'number'
    ? `0x${value.toString(16)}`
    : Array.isArray(value)
      ? value.map(positional)
      : value !== null && typeof value === 'object'
        ? Object.values(value).map(positional)
        : value;

describe('events decode the logs the real contracts emitted', () => {
  for (const vector of eventVectors()) {
    it(`${vector.contract}.${vector.event} (${vector.generation})`, () => {
      const abi = ABI_OF_CONTRACT[vector.contract]!;
      const entry = abi.find(
        (item): item is Extract<Abi[number], { type: 'event' }> =>
          item.type === 'event' &&
          item.name === vector.event &&
          item.inputs.filter((input) => input.indexed).length === vector.log.topics.length - 1,
      );
      expect(entry, `an event ${vector.event} indexed like the log`).toBeDefined();
      expect(toEventSelector(entry!)).toBe(vector.topic0);
      const decoded = decodeEventLog({
        abi: [entry!],
        topics: vector.log.topics as [`0x${string}`, ...`0x${string}`[]],
        data: vector.log.data,
        strict: true,
      });
      expect(positional(decoded.args)).toEqual(positional(vector.args));
    });
  }
});

describe('getTokenInfo answers of each generation', () => {
  for (const vector of getTokenInfoVectors()) {
    it(`${vector.generation}: ${vector.of}`, () => {
      const decoded = decodeFunctionResult({
        abi: nightfallAbis[vector.generation],
        functionName: 'getTokenInfo',
        data: vector.returndata,
      }) as readonly unknown[];
      expect({ ercAddress: decoded[0], tokenId: decoded[1], tokenType: decoded[2] }).toEqual(vector.decoded);
    });
  }
});
