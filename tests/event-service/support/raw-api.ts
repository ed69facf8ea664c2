// The event service's API called without any typed client, for answers a client turns into errors: the status and the
// error body exactly as sent, checked to be the document's Error — `{status, message}` and nothing else
// (curvegrid/multibaas-sdk-go @ 816cbf0 : api/openapi.yaml:7044-7062, additionalProperties false).
import { request } from 'undici';
import { ErrorBody } from '../../../fixtures/api/multibaas-schemas';

export interface RawAnswer {
  status: number;
  error: ErrorBody;
}

export async function rawApi(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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
  return { status: response.statusCode, error: ErrorBody.parse(await response.body.json()) };
}
