// Plumbing shared by the harness and the doubles (see lib/README.md); decides no verdict.
// A reply as a value (status, content type, body), and the one place that writes it to the response.
import type { ServerResponse } from 'node:http';

export interface Reply {
  readonly status: number;
  /** Omitted: no Content-Type header (an empty reply). */
  readonly contentType?: string;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
}

const TEXT = 'text/plain; charset=utf-8';
const JSON_TYPE = 'application/json';

export const text = (status: number, body: string, headers?: Record<string, string>): Reply => ({
  status,
  contentType: TEXT,
  body,
  ...(headers ? { headers } : {}),
});

/** JSON.stringify of `value`: bigints are not JSON, convert them first. */
export const json = (status: number, value: unknown, headers?: Record<string, string>): Reply => ({
  status,
  contentType: JSON_TYPE,
  body: JSON.stringify(value),
  ...(headers ? { headers } : {}),
});

/** A status with no body (e.g. the proposer's 201 for an accepted transaction). */
export const empty = (status: number, headers?: Record<string, string>): Reply => ({
  status,
  body: '',
  ...(headers ? { headers } : {}),
});

export function send(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, {
    ...reply.headers,
    ...(reply.contentType ? { 'content-type': reply.contentType } : {}),
    'content-length': Buffer.byteLength(reply.body),
  });
  res.end(reply.body);
}
