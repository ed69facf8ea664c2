// abi.ts is what every other module codes against; the compiled contracts must implement each of its items with
// the very same types (parameters, indexed flags, state mutability, return values).
import type { Abi, AbiParameter } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  erc1155Abi,
  erc3525Abi,
  erc721Abi,
  nightfallAbi,
  roundRobinAbi,
  stablecoinAbi,
  wrappedGasAbi,
  x509Abi,
} from '../../docker/contracts/abi';
import { loadArtifact, type ContractName } from '../../docker/contracts/artifacts';
import { buildContracts } from '../../docker/contracts/compile';

const declaredAbis: [ContractName, Abi][] = [
  ['Nightfall', nightfallAbi],
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

describe('abi.ts matches the compiled contracts', () => {
  beforeAll(async () => {
    await buildContracts();
  });

  it.each(declaredAbis)('%s implements every item abi.ts declares for it', (name, declared) => {
    const compiled = new Set(loadArtifact(name).abi.map(signatureOf));
    const missing = declared.map(signatureOf).filter((signature) => !compiled.has(signature));
    expect(missing).toEqual([]);
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
