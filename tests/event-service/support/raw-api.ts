// The event service's API called without the typed client, for answers the client turns into errors: the status and
// the error envelope exactly as sent.
import { request } from 'undici';
import { ErrorEnvelope } from '../../../docker/lib/event-webhooks/wire';

export interface RawAnswer {
  status: number;
  envelope: ErrorEnvelope;
}

export async function rawApi(
  baseUrl: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { authorization?: string; body?: string } = {},
): Promise<RawAnswer> {
  const response = await request(`${baseUrl}/api/v0${path}`, {
    method,
    headers: {
      ...(options.authorization === undefined ? {} : { authorization: options.authorization }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body,
  });
  return { status: response.statusCode, envelope: ErrorEnvelope.parse(await response.body.json()) };
}
