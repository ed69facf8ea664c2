// The service's signing of a delivery, as MultiBaas signs (docs.curvegrid.com/multibaas/webhooks, "Validating the
// data", the Go `NewHMACSignature` sample): lowercase hex HMAC-SHA256 keyed with the webhook secret over the raw body
// bytes followed directly by the Unix-seconds timestamp as a decimal string. The service's own code: the harness checks
// signatures with its own (fixtures/event-webhooks/signature.ts); fixtures/vectors/multibaas/signature.json decides.
import { createHmac } from 'node:crypto';

export function signDelivery(
  secret: string,
  rawBody: Uint8Array,
  unixSeconds: number,
): { signature: string; timestamp: string } {
  const timestamp = String(unixSeconds);
  return { signature: createHmac('sha256', secret).update(rawBody).update(timestamp, 'utf8').digest('hex'), timestamp };
}

/** The header names MultiBaas sends (Go's net/http writes them canonicalised as X-Multibaas-*). */
export const SIGNATURE_HEADER = 'X-MultiBaas-Signature';
export const TIMESTAMP_HEADER = 'X-MultiBaas-Timestamp';
