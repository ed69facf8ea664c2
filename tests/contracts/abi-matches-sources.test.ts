// abi.ts is what every other module codes against. Two checks: the compiled devnet contracts implement each of its
// items with the very same types (parameters, indexed flags, state mutability, return values), per generation of the
// Nightfall contract; and every item not marked devnet-only is the real contracts' own, while no item marked
// devnet-only exists on them (support/real-interfaces.ts, written from the upstream sources).
import type { Abi, AbiParameter } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  contractGenerations,
  erc1155Abi,
  erc3525Abi,
  erc721Abi,
  nightfallAbi,
  nightfallAbis,
  nightfallDevnetOnlyEntries,
  nightfallHeadAbi,
  roundRobinAbi,
  roundRobinDevnetOnlyEntries,
  stablecoinAbi,
  wrappedGasAbi,
  x509Abi,
  x509DevnetOnlyEntries,
} from '../../docker/contracts/abi';
import { loadArtifact, nightfallContractOf, type ContractName } from '../../docker/contracts/artifacts';
import { buildContracts } from '../../docker/contracts/compile';
import { realInterfaces } from './support/real-interfaces';

const declaredAbis: [ContractName, Abi][] = [
  ['NightfallPlume', nightfallAbis.plume],
  ['NightfallHead', nightfallAbis.head],
  ['RoundRobin', roundRobinAbi],
  ['X509', x509Abi],
  ['WrappedGas', wrappedGasAbi],
  ['Stablecoin', stablecoinAbi],
  ['Collectible', erc721Abi],
  ['MultiToken', erc1155Abi],
  ['SlotToken', erc3525Abi],
];

/** Type-level signature of an ABI item: names of parameters do not matter, everything else does. */
function signatureOf(item: Abi[number]): string {
  const params = (list: readonly AbiParameter[]) => list.map(typeOf).join(',');
  switch (item.type) {
    case 'function':
      return `function ${item.name}(${params(item.inputs)}) ${item.stateMutability} returns (${params(item.outputs)})`;
    case 'event': {
      const inputs = item.inputs.map((input) => typeOf(input) + (input.indexed ? ' indexed' : ''));
      return `event ${item.name}(${inputs.join(',')})`;
    }
    case 'constructor':
      return `constructor(${params(item.inputs)}) ${item.stateMutability}`;
    case 'error':
      return `error ${item.name}(${params(item.inputs)})`;
    default:
      return item.type;
  }
}

function typeOf(param: AbiParameter): string {
  if (!param.type.startsWith('tuple')) return param.type;
  const components = 'components' in param ? param.components : [];
  return `(${components.map(typeOf).join(',')})${param.type.slice('tuple'.length)}`;
}

/** The items of a devnet-only list, read back from the full ABI (its entries use structs defined elsewhere). */
function devnetOnlyItems(full: Abi, entries: readonly string[]): string[] {
  const names = new Set(entries.flatMap((entry) => /^(?:function|event|error) (\w+)/.exec(entry)?.[1] ?? []));
  const hasConstructor = entries.some((entry) => entry.startsWith('constructor('));
  return full
    .filter((item) => (item.type === 'constructor' ? hasConstructor : 'name' in item && names.has(item.name)))
    .map(signatureOf);
}

describe('abi.ts matches the compiled contracts', () => {
  beforeAll(async () => {
    await buildContracts();
  });

  it.each(declaredAbis)('%s implements every item abi.ts declares for it', (name, declared) => {
    const compiled = new Set(loadArtifact(name).abi.map(signatureOf));
    const missing = declared.map(signatureOf).filter((signature) => !compiled.has(signature));
    expect(missing).toEqual([]);
  });

  it('compiles the two generations of Nightfall to interfaces that differ in getTokenInfo alone', () => {
    const [plume, head] = contractGenerations.map(
      (g) => new Set(loadArtifact(nightfallContractOf[g]).abi.map(signatureOf)),
    );
    expect([...plume!].filter((signature) => !head!.has(signature))).toEqual([
      'function getTokenInfo(uint256) view returns (address,uint256)',
    ]);
    expect([...head!].filter((signature) => !plume!.has(signature))).toEqual([
      'function getTokenInfo(uint256) view returns (address,uint256,uint8)',
    ]);
  });

  it('keeps the historical nightfallAbi export as the head-era view', () => {
    expect(nightfallAbi).toBe(nightfallHeadAbi);
  });

  it('tells a changed signature apart (the comparison is not vacuous)', () => {
    const [escrow] = nightfallAbi.filter((item) => item.type === 'function' && item.name === 'escrow_funds');
    if (!escrow || escrow.type !== 'function') throw new Error('escrow_funds missing from abi.ts');
    const changed = { ...escrow, stateMutability: 'nonpayable' as const };
    expect(signatureOf(changed)).not.toBe(signatureOf(escrow));
    expect(signatureOf(escrow)).toBe(
      'function escrow_funds(uint256,address,uint256,uint256,uint256,uint8) payable returns ()',
    );
  });
});

describe.each(contractGenerations)('abi.ts against the real %s-era interfaces', (generation) => {
  const contracts = [
    {
      name: 'Nightfall',
      abi: nightfallAbis[generation],
      devnetOnly: nightfallDevnetOnlyEntries,
      real: realInterfaces[generation].Nightfall,
    },
    {
      name: 'RoundRobin',
      abi: roundRobinAbi,
      devnetOnly: roundRobinDevnetOnlyEntries,
      real: realInterfaces[generation].RoundRobin,
    },
    { name: 'X509', abi: x509Abi, devnetOnly: x509DevnetOnlyEntries, real: realInterfaces[generation].X509 },
  ] as const;

  it.each(contracts)(
    '$name: every item not marked devnet-only is on the real contract',
    ({ abi, devnetOnly, real }) => {
      const marked = new Set(devnetOnlyItems(abi, devnetOnly));
      const unmarked = (abi as Abi).map(signatureOf).filter((signature) => !marked.has(signature));
      expect(unmarked.filter((signature) => !real.includes(signature))).toEqual([]);
    },
  );

  it.each(contracts)('$name: no item marked devnet-only is on the real contract', ({ abi, devnetOnly, real }) => {
    const marked = devnetOnlyItems(abi, devnetOnly);
    expect(marked.length).toBe(devnetOnly.filter((entry) => !entry.startsWith('struct ')).length);
    expect(marked.filter((signature) => real.includes(signature))).toEqual([]);
  });
});
