import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signDelivery, signatureMatches } from './signature';

// An independent reference: the scheme written out with node:crypto, not through the module under test.
function reference(secret: string | Uint8Array, body: Uint8Array, timestamp: string): string {
  return createHmac('sha256', secret).update(Buffer.concat([Buffer.from(body), Buffer.from(timestamp, 'utf8')])).digest('hex');
}

/** Flips bits of one byte (never to itself). */
function changeByte(bytes: Uint8Array, index: number, xor: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[index] = copy[index]! ^ xor;
  return copy;
}

const secretArb = fc.oneof(fc.string({ minLength: 1, maxLength: 64 }), fc.uint8Array({ minLength: 1, maxLength: 64 }));
const bodyArb = fc.uint8Array({ minLength: 1, maxLength: 2048 });
const timestampArb = fc.oneof(fc.integer({ min: 0, max: 4_102_444_800 }).map(String), fc.string({ minLength: 1, maxLength: 20 }));

describe('delivery signature', () => {
  it('matches the test vector computed with openssl', () => {
    // printf '[{"id":"x"}]1700000000' | openssl dgst -sha256 -hmac 'whsec_test_vector' -hex
    const vector = '8a2ef71d5c9b23c02950bf017377ee0a47ae3947e6a57f4d30d6f4680ffa534b'; // test vector (openssl, above)
    expect(signDelivery('whsec_test_vector', '[{"id":"x"}]', '1700000000')).toBe(vector);
    expect(signatureMatches('whsec_test_vector', Buffer.from('[{"id":"x"}]'), '1700000000', vector)).toBe(true);
  });

  it('signs the body followed directly by the timestamp, in lowercase hex, as the reference computation does', () => {
    fc.assert(
      fc.property(secretArb, bodyArb, timestampArb, (secret, body, timestamp) => {
        const signature = signDelivery(secret, body, timestamp);
        expect(signature).toMatch(/^[0-9a-f]{64}$/);
        expect(signature).toBe(reference(secret, body, timestamp));
        expect(signatureMatches(secret, Buffer.from(body), timestamp, signature)).toBe(true);
      }),
    );
  });

  it('refuses a body with any single byte changed', () => {
    fc.assert(
      fc.property(secretArb, bodyArb, timestampArb, fc.nat(), fc.integer({ min: 1, max: 255 }), (secret, body, timestamp, at, xor) => {
        const signature = signDelivery(secret, body, timestamp);
        expect(signatureMatches(secret, changeByte(body, at % body.length, xor), timestamp, signature)).toBe(false);
      }),
    );
  });

  it('refuses a timestamp with any single character changed', () => {
    fc.assert(
      fc.property(secretArb, bodyArb, fc.integer({ min: 0, max: 4_102_444_800 }).map(String), fc.nat(), fc.integer({ min: 1, max: 9 }), (secret, body, timestamp, at, step) => {
        const i = at % timestamp.length;
        const digit = String((Number(timestamp[i]) + step) % 10);
        const changed = `${timestamp.slice(0, i)}${digit}${timestamp.slice(i + 1)}`;
        expect(signatureMatches(secret, Buffer.from(body), changed, signDelivery(secret, body, timestamp))).toBe(false);
      }),
    );
  });

  it('refuses a signature with any single hex digit changed, and one signed with another secret', () => {
    fc.assert(
      fc.property(secretArb, secretArb, bodyArb, timestampArb, fc.nat(63), fc.integer({ min: 1, max: 15 }), (secret, other, body, timestamp, at, step) => {
        const signature = signDelivery(secret, body, timestamp);
        const digit = ((parseInt(signature[at]!, 16) + step) % 16).toString(16);
        const changed = `${signature.slice(0, at)}${digit}${signature.slice(at + 1)}`;
        expect(signatureMatches(secret, Buffer.from(body), timestamp, changed)).toBe(false);
        fc.pre(Buffer.compare(Buffer.from(secret), Buffer.from(other)) !== 0);
        expect(signatureMatches(other, Buffer.from(body), timestamp, signature)).toBe(false);
      }),
    );
  });

  it('treats a header that is not 64 lowercase hex digits as a mismatch, without throwing', () => {
    const body = Buffer.from('[]');
    const good = signDelivery('secret-for-this-test', body, '1');
    for (const given of ['', good.slice(0, 62), `${good}00`, good.toUpperCase(), `0x${good.slice(2)}`, 'z'.repeat(64), `${good.slice(0, 63)}é`]) {
      expect(signatureMatches('secret-for-this-test', body, '1', given), JSON.stringify(given)).toBe(false);
    }
  });
});
