// Replies with the content types warp gives them: a Rust string → text/plain; charset=utf-8 (even when the text is
// JSON), `reply::json` → application/json (https://docs.rs/warp/0.3.7/warp/reply/index.html).

export interface Reply {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
}

const TEXT = 'text/plain; charset=utf-8';
const JSON_TYPE = 'application/json';

export function text(status: number, body: string, headers?: Record<string, string>): Reply {
  return { status, contentType: TEXT, body, ...(headers ? { headers } : {}) };
}

export function json(status: number, value: unknown, headers?: Record<string, string>): Reply {
  return { status, contentType: JSON_TYPE, body: JSON.stringify(value), ...(headers ? { headers } : {}) };
}
