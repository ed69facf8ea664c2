import { describe, expect, it } from 'vitest';
import { decodeTokenInfo, tokenTypeName } from './token-info';

// Test vectors: getTokenInfo answers as the two contract generations ABI-encode them (static types, one 32-byte word
// each): plume-era (address, uint256) = 64 bytes (Nightfall.sol:542-547 @ plume_testnet_deployer 0326e57), head-era
// (address, uint256, uint8) = 96 bytes (Nightfall.sol:562-567 @ master 6ee83be). Token 0x…beef, id 7, ERC-3525 (3).
const ADDRESS_WORD = '000000000000000000000000000000000000000000000000000000000000beef'; // test vector
const ID_WORD = '0000000000000000000000000000000000000000000000000000000000000007'; // test vector
const TYPE_WORD = '0000000000000000000000000000000000000000000000000000000000000003'; // test vector
const PLUME_ERA_ANSWER = `0x${ADDRESS_WORD}${ID_WORD}` as const;
const HEAD_ERA_ANSWER = `0x${ADDRESS_WORD}${ID_WORD}${TYPE_WORD}` as const;
const TOKEN = '0x000000000000000000000000000000000000bEEF';

describe('getTokenInfo as each build decodes it', () => {
  it('plume decodes the plume-era answer, and a head-era answer by ignoring the third word', () => {
    expect(decodeTokenInfo('address-id', PLUME_ERA_ANSWER)).toEqual({
      ercAddress: TOKEN,
      tokenId: 7n,
      tokenType: undefined,
    });
    expect(decodeTokenInfo('address-id', HEAD_ERA_ANSWER)).toEqual({
      ercAddress: TOKEN,
      tokenId: 7n,
      tokenType: undefined,
    });
  });

  it('head decodes the head-era answer and cannot decode the plume-era one (too short)', () => {
    expect(decodeTokenInfo('address-id-type', HEAD_ERA_ANSWER)).toEqual({
      ercAddress: TOKEN,
      tokenId: 7n,
      tokenType: 3,
    });
    expect(() => decodeTokenInfo('address-id-type', PLUME_ERA_ANSWER)).toThrow(/size|bounds|data/i);
  });

  it("maps token type codes as head's From<u8>: unknown codes become ERC-20", () => {
    expect([0, 1, 2, 3, 4, 5].map(tokenTypeName)).toEqual([
      'ERC20',
      'ERC1155',
      'ERC721',
      'ERC3525',
      'FeeToken',
      'ERC20',
    ]);
  });
});
