// getTokenInfo as each client build's contract bindings declare it — on purpose not the devnet contracts' ABI: a build
// decodes the answer with the shape it was compiled against, whatever generation of contracts is deployed. plume's
// bindings come from its own Nightfall.sol (two return values, nightfall_contract.rs:413-425 @ plume_testnet_client
// 4e84c58); head's from master's (three, nightfall_contract.rs:331-344 @ master 6ee83be). Against plume-era contracts
// (64-byte answer) head's decode fails; plume's ignores a head-era third word (alloy decodes returns without
// checking for trailing data, and so does viem).
import { decodeFunctionResult, encodeFunctionData, parseAbi, type Address, type Hex } from 'viem';
import type { TokenTypeName } from '../../../contracts/abi';
import type { TokenInfoShape } from '../build-profile';

const ABIS = {
  'address-id': parseAbi([
    'function getTokenInfo(uint256 nfTokenId) view returns (address ercAddress, uint256 tokenId)',
  ]),
  'address-id-type': parseAbi([
    'function getTokenInfo(uint256 nfTokenId) view returns (address ercAddress, uint256 tokenId, uint8 tokenType)',
  ]),
} as const;

/** What a build learns from getTokenInfo; `tokenType` only where its bindings have it (head). */
export interface TokenInfo {
  readonly ercAddress: Address;
  readonly tokenId: bigint;
  readonly tokenType: number | undefined;
}

/** The eth_call data (the same selector for both shapes: return types are not part of it). */
export function tokenInfoCallData(nfTokenId: bigint): Hex {
  return encodeFunctionData({ abi: ABIS['address-id'], functionName: 'getTokenInfo', args: [nfTokenId] });
}

/** Decodes the contract's answer as `shape`; throws (viem's decoding error) when the answer is too short for it. */
export function decodeTokenInfo(shape: TokenInfoShape, data: Hex): TokenInfo {
  if (shape === 'address-id') {
    const [ercAddress, tokenId] = decodeFunctionResult({ abi: ABIS[shape], functionName: 'getTokenInfo', data });
    return { ercAddress, tokenId, tokenType: undefined };
  }
  const [ercAddress, tokenId, tokenType] = decodeFunctionResult({
    abi: ABIS[shape],
    functionName: 'getTokenInfo',
    data,
  });
  return { ercAddress, tokenId, tokenType };
}

const TOKEN_TYPE_NAMES = [
  'ERC20',
  'ERC1155',
  'ERC721',
  'ERC3525',
  'FeeToken',
] as const satisfies readonly TokenTypeName[];

/** head's `From<u8> for TokenType`: an unknown code becomes ERC-20 (lib/src/shared_entities.rs:207-222 @ master). */
export function tokenTypeName(code: number): TokenTypeName {
  return TOKEN_TYPE_NAMES[code] ?? 'ERC20';
}
