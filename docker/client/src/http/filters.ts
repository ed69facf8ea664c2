// The warp filters the real routes are built from, with warp's semantics
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/drivers/rest/mod.rs:37-62; paths are matched by
// lib/http/router.ts): `warp::body::json()` (a missing Content-Type is fine, any other than application/json is not;
// serde rejects missing or mistyped fields, ignores unknown ones), and `warp::header::optional::<String>`. A failing
// filter is a rejection that the server maps to 500.
import type { z } from 'zod';
import { WarpBodyRejection, warpJson } from '../../../lib/warp';
import { reject } from './rejections';

export interface IncomingRequest {
  readonly method: string;
  /** The path without the query string, undecoded. */
  readonly path: string;
  /** Header name (lower case) → every value received, in order (node's headersDistinct). */
  readonly headers: Readonly<Record<string, string[] | undefined>>;
  readonly body: Buffer;
}

/** Parses the body as JSON (warp::body::json, docker/lib/warp.ts) without validating its shape; throws a 500-rejection. */
export function jsonValue(req: IncomingRequest): unknown {
  try {
    return warpJson(req.body, req.headers['content-type']?.[0]);
  } catch (error) {
    throw error instanceof WarpBodyRejection ? reject('other', error.detail) : error;
  }
}

/** warp::body::json() into a serde struct described by `schema`. */
export function jsonBody<S extends z.ZodType>(req: IncomingRequest, schema: S): z.infer<S> {
  const parsed = schema.safeParse(jsonValue(req));
  if (!parsed.success) throw reject('other', `request body deserialize error: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * warp::header::optional::<String>: the first value of the header, undefined when absent; a value that is not
 * visible ASCII cannot become a Rust String via HeaderValue::to_str → rejection.
 */
export function optionalHeader(req: IncomingRequest, name: string): string | undefined {
  const first = req.headers[name.toLowerCase()]?.[0];
  if (first === undefined) return undefined;
  if (!/^[\t\x20-\x7e]*$/.test(first)) throw reject('other', `header ${name} is not visible ASCII`);
  return first;
}
