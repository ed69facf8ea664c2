// The warp filters the real routes are built from, with warp's semantics
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/drivers/rest/mod.rs:37-62): path segments with
// an optional single trailing slash, `warp::body::json()` (a missing Content-Type is fine, any other than
// application/json is not; serde rejects missing or mistyped fields, ignores unknown ones), and
// `warp::header::optional::<String>`. A failing filter is a rejection that the server maps to 500.
import type { z } from 'zod';
import { reject } from './rejections';

export interface IncomingRequest {
  readonly method: string;
  /** The path without the query string, undecoded. */
  readonly path: string;
  /** Header name (lower case) → every value received, in order (node's headersDistinct). */
  readonly headers: Readonly<Record<string, string[] | undefined>>;
  readonly body: Buffer;
}

export type PathSegment = string | { readonly param: string };

/**
 * Matches `path` against `segments` like warp's `path!(...)` + `end()`: literals compare with the raw segment,
 * parameters are percent-decoded and must not be empty; one trailing slash is tolerated. Returns the parameters,
 * or undefined for "not this route".
 */
export function matchPath(segments: readonly PathSegment[], path: string): Record<string, string> | undefined {
  if (!path.startsWith('/')) return undefined;
  const parts = path.slice(1).split('/');
  if (parts.length === segments.length + 1 && parts[parts.length - 1] === '') parts.pop(); // `end()` allows one "/"
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of segments.entries()) {
    const raw = parts[i]!;
    if (typeof segment === 'string') {
      if (raw !== segment) return undefined;
      continue;
    }
    if (raw === '') return undefined;
    try {
      params[segment.param] = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return params;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** `mime` type/subtype of a Content-Type value, lower-cased; undefined if unparsable. */
function mediaType(value: string): string | undefined {
  const essence = value.split(';')[0]!.trim().toLowerCase();
  return /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/.test(essence) ? essence : undefined;
}

/** Parses the body as JSON (warp::body::json) without validating its shape; throws a 500-rejection. */
export function jsonValue(req: IncomingRequest): unknown {
  const contentType = req.headers['content-type']?.[0];
  if (contentType !== undefined && mediaType(contentType) !== 'application/json') {
    throw reject('other', `unsupported content type ${JSON.stringify(contentType)}`);
  }
  let text: string;
  try {
    text = utf8.decode(req.body);
  } catch {
    throw reject('other', 'request body is not UTF-8');
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw reject('other', `request body deserialize error: ${(error as Error).message}`);
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
