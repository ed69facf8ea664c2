// Raw HTTP against a simulated client with undici, keeping what the assertions look at: status, content type,
// response headers and the body text. (The harness's typed client in fixtures/api/ will replace this later.)
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

export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<RawResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const response = await request(`${baseUrl}${path}`, { method: method as 'GET', headers, ...(body === undefined ? {} : { body }) });
  const contentType = response.headers['content-type'];
  return {
    status: response.statusCode,
    contentType: Array.isArray(contentType) ? contentType[0] : contentType,
    headers: response.headers,
    text: await response.body.text(),
  };
}
