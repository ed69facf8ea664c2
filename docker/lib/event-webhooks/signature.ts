// The delivery signature of contract-event webhooks (seed 001; reference contract-event-webhooks.md §Signature):
// lowercase hex HMAC-SHA256 keyed with the webhook secret over the raw body bytes followed directly by the timestamp
// string (Unix seconds), no separator. Always over the bytes received, never over re-serialised JSON.
import { createHmac, timingSafeEqual } from 'node:crypto';

const SHA256_HEX_LENGTH = 64;
const LOWER_HEX = /^[0-9a-f]*$/;

export function signDelivery(secret: string | Uint8Array, rawBody: Uint8Array | string, timestamp: string): string {
  return createHmac('sha256', secret).update(rawBody).update(timestamp, 'utf8').digest('hex');
}

/**
 * Whether `given` is the signature of (rawBody, timestamp) under `secret`, compared in constant time. A header that is
 * not 64 lowercase hex digits is simply false (the sender writes lowercase; anything else is not its signature).
 */
export function signatureMatches(
  secret: string | Uint8Array,
  rawBody: Uint8Array,
  timestamp: string,
  given: string,
): boolean {
  if (given.length !== SHA256_HEX_LENGTH || !LOWER_HEX.test(given)) return false;
  const expected = Buffer.from(signDelivery(secret, rawBody, timestamp), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
