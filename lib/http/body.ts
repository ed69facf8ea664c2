// Plumbing shared by the harness and the doubles (see lib/README.md); decides no verdict.
// The one request-body reader: the whole body, up to a limit. Past the limit the rest is drained (so that the
// connection can still carry the reply) and BodyTooLarge is thrown; each server decides what that answers.
import type { IncomingMessage } from 'node:http';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export class BodyTooLarge extends Error {
  override readonly name = 'BodyTooLarge';
  constructor(readonly limitBytes: number) {
    super(`body exceeds ${limitBytes} bytes`);
  }
}

export async function readBody(req: IncomingMessage, limitBytes = DEFAULT_BODY_LIMIT): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) {
      req.resume();
      throw new BodyTooLarge(limitBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
