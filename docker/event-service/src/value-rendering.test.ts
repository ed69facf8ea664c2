// Argument values as the double renders them: the documented forms (EIP-55 addresses, decimal strings, the token's
// decimals applied to amounts) and, where the document leaves the form open, JSON values rather than strings.
import { parseAbiParameters } from 'viem';
import { describe, expect, it } from 'vitest';
import { renderArgument } from './value-rendering';

const param = (text: string) => parseAbiParameters(text)[0]!;

describe('argument values', () => {
  it.each([
    ['uint256 value', 123_456n, 3, '123.456'],
    ['uint256 amount', 5_000_000n, 6, '5'],
    ['uint256 _amount', 1n, 18, '0.000000000000000001'],
    ['uint256 wad', 10n ** 18n, 18, '1'],
    ['uint256 tokenId', 123_456n, 3, '123456'],
    ['uint256 value', 123_456n, undefined, '123456'],
    ['int256 layer2_block_number', -1n, undefined, '-1'],
  ] as const)('%s = %s with %s decimals renders %j', (text, value, decimals, rendered) => {
    expect(renderArgument(param(text), value, decimals)).toBe(rendered);
  });

  it('addresses as EIP-55 strings, booleans as booleans, bytes as hex', () => {
    expect(renderArgument(param('address to'), '0xf9450d254a66ab06b30cfa9c6e7ae1b7598c7172', undefined)).toBe(
      '0xF9450D254A66ab06b30Cfa9c6e7AE1B7598c7172',
    );
    expect(renderArgument(param('bool approved'), true, undefined)).toBe(true);
    expect(renderArgument(param('bytes proof'), '0xabcd', undefined)).toBe('0xabcd');
  });

  it('arrays as arrays and tuples as objects by component name, nested', () => {
    const proposer = param(
      '(uint256 stake, address addr, string url, address next_addr, address previous_addr) proposer',
    );
    const addr = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'; // anvil: well-known dev account 1
    expect(
      renderArgument(
        proposer,
        { stake: 4n, addr, url: 'http://proposer:3000', next_addr: addr, previous_addr: addr },
        undefined,
      ),
    ).toEqual({
      stake: '4',
      addr: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      url: 'http://proposer:3000',
      next_addr: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      previous_addr: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    });
    expect(
      renderArgument(param('uint256[] ids'), [1n, 2n], 18),
      'decimals apply to amounts, not to arrays of ids',
    ).toEqual(['1', '2']);
    const block = param('(uint256 fee, uint256[4] commitments)[] transactions');
    expect(renderArgument(block, [{ fee: 1n, commitments: [1n, 2n, 3n, 4n] }], undefined)).toEqual([
      { fee: '1', commitments: ['1', '2', '3', '4'] },
    ]);
  });
});
