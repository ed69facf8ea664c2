import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonBody, jsonValue, optionalHeader, type IncomingRequest } from './filters';
import { Rejection } from './rejections';

const request = (body: string, headers: Record<string, string[]> = {}): IncomingRequest => ({
  method: 'POST',
  path: '/',
  headers,
  body: Buffer.from(body, 'utf8'),
});

describe('warp-like filters', () => {
  it('accepts JSON with no or an application/json Content-Type only (warp compares type and subtype)', () => {
    expect(jsonValue(request('{"a":1}'))).toEqual({ a: 1 });
    expect(jsonValue(request('{"a":1}', { 'content-type': ['Application/JSON; charset=utf-8'] }))).toEqual({ a: 1 });
    for (const type of ['text/plain', 'application/ld+json', 'application/json-patch', 'json']) {
      expect(() => jsonValue(request('{"a":1}', { 'content-type': [type] })), type).toThrow(Rejection);
    }
    expect(() => jsonValue(request(''))).toThrow(Rejection);
    expect(() => jsonValue({ ...request(''), body: Buffer.from([0x22, 0xff, 0x22]) })).toThrow(Rejection); // not UTF-8
  });

  it('deserialises like serde: required string fields, unknown fields ignored', () => {
    const schema = z.object({ value: z.string() });
    expect(jsonBody(request('{"value":"01","extra":true}'), schema)).toEqual({ value: '01' });
    expect(() => jsonBody(request('{"value":1}'), schema)).toThrow(Rejection);
    expect(() => jsonBody(request('{}'), schema)).toThrow(Rejection);
  });

  it('reads the first value of an optional header and refuses one that is not visible ASCII', () => {
    expect(optionalHeader(request('', { 'x-request-id': ['a', 'b'] }), 'X-Request-ID')).toBe('a');
    expect(optionalHeader(request(''), 'X-Request-ID')).toBeUndefined();
    expect(() => optionalHeader(request('', { 'x-request-id': ['é'] }), 'X-Request-ID')).toThrow(Rejection);
  });
});
