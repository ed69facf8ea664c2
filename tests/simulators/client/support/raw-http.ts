// Raw HTTP (undici) to a simulated client or proposer — only for what the harness's typed client (fixtures/api) cannot
// or must not say: requests that break the HTTP contract on purpose (wrong method, unknown path, malformed or missing
// body, wrong content type, forms of X-Request-ID beyond a header string) and assertions on what the typed client
// does not expose (content types, response headers of errors, exact bytes and key order). Everything else goes
// through NightfallClient, the client the harness itself uses.
import { request } from 'undici';

export interface RawResponse {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
}

export interface CallOptions {
  /** Sent as JSON with Content-Type: application/json. */
  readonly json?: unknown;
  /** Sent as is (for malformed bodies); no Content-Type unless given in headers. */
  readonly body?: string;
  readonly headers?: Record<string, string>;
}

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const response = await request(`${baseUrl}${path}`, {
    method: method as 'GET',
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const contentType = response.headers['content-type'];
  return {
    status: response.statusCode,
    contentType: Array.isArray(contentType) ? contentType[0] : contentType,
    headers: response.headers,
    text: await response.body.text(),
  };
}

/**
 * POST /v1/deriveKey without a body: the real client answers its current keys unchanged
 * (EYBlockchain/nightfall_4_CE @ plume_testnet_client 4e84c58 : nightfall_client/src/drivers/rest/keys.rs:22,47), a
 * call the typed client never makes. Returns the wire key set.
 */
export async function currentKeys(baseUrl: string): Promise<Record<string, string>> {
  const response = await call(baseUrl, 'POST', '/v1/deriveKey');
  if (response.status !== 200)
    throw new Error(`POST /v1/deriveKey (no body) answered ${response.status} ${response.text}`);
  return JSON.parse(response.text) as Record<string, string>;
}

/** The simulated proposer's block-assembly switch (GET /v1/pause, /v1/resume): its own API, not the client's. */
export async function setProposerAssembly(proposerUrl: string, state: 'pause' | 'resume'): Promise<void> {
  const response = await call(proposerUrl, 'GET', `/v1/${state}`);
  if (response.status !== 200)
    throw new Error(`proposer GET /v1/${state} answered ${response.status} ${response.text}`);
}
