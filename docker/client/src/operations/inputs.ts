// How the worker reads the string fields of a queued request, with the real client's conversions
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : lib/src/hex_conversion.rs:14-101,
// lib/src/shared_entities.rs:207-222): all hex with an optional 0x and an even number of digits. They run in the
// worker, not in the HTTP handler, so a bad field makes the request `Failed` after the 202 — never a 4xx.
import { getAddress, sha256, type Address } from 'viem';
import { bytesToBigInt, parseBytesHex, parseFieldHex, parseTokenIdHex } from '../../../lib/field';
import { RequestFailure } from './failures';

export { RequestFailure } from './failures';

function failing<T>(what: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new RequestFailure(`${what}: ${(error as Error).message}`);
  }
}

const MAX_ADDRESS = (1n << 160n) - 1n;

/** ERCAddress::try_from_hex_string: non-empty even-length hex whose value fits in 20 bytes (leading zeros allowed). */
export function parseErcAddress(s: string): Address {
  return failing('Could not convert ERC address', () => {
    const value = bytesToBigInt(parseBytesHex(s));
    if (value > MAX_ADDRESS) throw new Error('Invalid string length');
    return getAddress(`0x${value.toString(16).padStart(40, '0')}`);
  });
}

/** A deposit's tokenId: BigInteger256::from_hex_string (even length, ≤ 32 bytes, not reduced). */
export function parseDepositTokenId(s: string): bigint {
  return failing('Could not convert hex string to BigInteger256', () => parseTokenIdHex(s));
}

/** An Fr254 amount, fee, salt or recipient (reduced mod r). */
export function parseField(what: string, s: string): bigint {
  return failing(`Could not convert ${what}`, () => parseFieldHex(s));
}

/** `u8::from_str_radix(s, 16)`: an optional `+`, then hex digits, value ≤ 255 (so "0x0" and "" fail). */
export function parseTokenTypeCode(s: string): number {
  if (!/^\+?[0-9a-fA-F]+$/.test(s))
    throw new RequestFailure(`Could not convert token type: invalid digit found in string`);
  const value = Number.parseInt(s.replace(/^\+/, ''), 16);
  if (value > 255) throw new RequestFailure(`Could not convert token type: number too large to fit in target type`);
  return value;
}

/**
 * to_nf_token_id_from_str: sha256 of the two hex strings' bytes, each left-padded to 32 bytes (not truncated if
 * longer), shifted right by 4. Equals lib's nfTokenId for a 20-byte address and a ≤ 32-byte token id.
 */
export function nfTokenIdFromHex(ercAddress: string, tokenId: string): bigint {
  const pad = (bytes: Uint8Array) =>
    bytes.length >= 32 ? bytes : Uint8Array.from([...new Uint8Array(32 - bytes.length), ...bytes]);
  const erc = pad(parseBytesHex(ercAddress));
  const id = pad(parseBytesHex(tokenId));
  return BigInt(sha256(Uint8Array.from([...erc, ...id]))) >> 4n;
}

/** nfTokenIdFromHex for the worker: a parse failure fails the request. */
export function parseNfTokenId(ercAddress: string, tokenId: string): bigint {
  return failing('Error when retrieving the Nightfall token id from the erc address and token ID', () =>
    nfTokenIdFromHex(ercAddress, tokenId),
  );
}
