// Plumbing shared by the harness and the doubles (see lib/README.md); decides no verdict.
// The one request-body reader: the whole body, exactly as sent, up to a limit. A declared Content-Length over the
// limit is refused before anything is read; a longer stream is cut off at the limit. Either way BodyTooLarge is
// thrown, the rest is never read, and the router's reply closes the connection (lib/http/router.ts).
import type { IncomingMessage } from 'node:http';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export class BodyTooLarge extends Error {
  override readonly name = 'BodyTooLarge';
  constructor(readonly limitBytes: number) {
    super(`body exceeds ${limitBytes} bytes`);
  }
}

export function readBody(req: IncomingMessage, limitBytes = DEFAULT_BODY_LIMIT): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) return Promise.reject(new BodyTooLarge(limitBytes));
  // Listeners, not `for await`: leaving that loop early destroys the request, and with it the socket the reply needs.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        req.off('data', onData);
        req.pause();
        reject(new BodyTooLarge(limitBytes));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}
