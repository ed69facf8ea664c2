// BN254 scalar field and the real client's hex rules (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// lib/src/hex_conversion.rs:14-101). Every hex input the client API accepts goes through one of these parsers, so the
// simulator rejects exactly what the real client rejects: an optional `0x`, an even number of digits, any case,
// big-endian.

/** The BN254 scalar field modulus r (= BabyJubJub's base field). */
export const BN254_R = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

/** The real client's `HexError` variants, with their Display text as the message. */
export const HexErrorKind = {
  InvalidStringLength: 'Invalid string length',
  InvalidString: 'Invalid string',
  InvalidHexFormat: 'Invalid hex format',
} as const;
export type HexErrorKind = keyof typeof HexErrorKind;

export class HexFormatError extends Error {
  override readonly name = 'HexFormatError';
  constructor(
    readonly kind: HexErrorKind,
    readonly input: string,
  ) {
    super(HexErrorKind[kind]);
  }
}

const HEX_DIGITS = /^[0-9a-fA-F]*$/;

function stripPrefix(s: string): string {
  return s.startsWith('0x') ? s.slice(2) : s; // like Rust's strip_prefix("0x"): "0X" is not a prefix
}

/** Decodes hex like the `hex` crate: even length, hex digits only; throws `kind` on any failure. */
function decodeDigits(digits: string, input: string, kind: HexErrorKind): bigint {
  if (digits.length % 2 !== 0 || !HEX_DIGITS.test(digits)) throw new HexFormatError(kind, input);
  return digits.length === 0 ? 0n : BigInt(`0x${digits}`);
}

/** `Fr254::from_hex_string`: amounts, fees, recipient addresses, commitment keys. Empty → 0; reduced mod r. */
export function parseFieldHex(s: string): bigint {
  return decodeDigits(stripPrefix(s), s, 'InvalidHexFormat') % BN254_R;
}

/** `Vec<u8>::from_hex_string`: ERC addresses and token ids for nf-id hashing, public keys. Rejects empty input. */
export function parseBytesHex(s: string): Uint8Array {
  const digits = stripPrefix(s);
  if (digits.length === 0 || digits.length % 2 !== 0) throw new HexFormatError('InvalidStringLength', s);
  if (!HEX_DIGITS.test(digits)) throw new HexFormatError('InvalidString', s);
  return Uint8Array.from(digits.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
}

/** `BigInteger256::from_hex_string`: a deposit's `tokenId` — even length, at most 32 bytes, not reduced. */
export function parseTokenIdHex(s: string): bigint {
  const digits = stripPrefix(s);
  const value = decodeDigits(digits, s, 'InvalidHexFormat');
  if (digits.length > 64) throw new HexFormatError('InvalidStringLength', s);
  return value;
}

/** `to_hex_string`: 64 lowercase hex digits, no prefix. Throws for values outside [0, 2^256). */
export function toHex64(x: bigint): string {
  if (x < 0n || x >= 1n << 256n) throw new RangeError(`value does not fit in 32 bytes: ${x}`);
  return x.toString(16).padStart(64, '0');
}

/** Whether 0 ≤ x < 2^n — the circuit's range checks: 96 bits for values and fees, 160 for a withdraw recipient. */
export function fitsBits(x: bigint, n: number): boolean {
  return x >= 0n && x < 1n << BigInt(n);
}

/**
 * The circuit's range limits (EYBlockchain/nightfall_4_CE @ master 6ee83be :
 * lib/src/plonk_prover/circuits/unified_circuit.rs:77-80,111-119).
 */
export const VALUE_BITS = 96;
export const ADDRESS_BITS = 160;

/** Reduces any integer into [0, r). */
export function modR(x: bigint): bigint {
  const m = x % BN254_R;
  return m < 0n ? m + BN254_R : m;
}

/** Big-endian bytes → unsigned integer. */
export function bytesToBigInt(bytes: Uint8Array): bigint {
  let out = 0n;
  for (const b of bytes) out = (out << 8n) | BigInt(b);
  return out;
}
