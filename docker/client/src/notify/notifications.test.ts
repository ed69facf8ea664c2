import { describe, expect, it } from 'vitest';
import { debugTransactionEvent, transactionEvent } from './notifications';
import { rustDebugString } from './rust-debug';

describe('webhook payloads', () => {
  it('JSON-encodes the response and quotes the uuid, as serde_json::to_string does', () => {
    const e = transactionEvent({ success: true, withdraw_fund_salt: 'ab' }, '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b');
    expect(e).toEqual({
      event_type: 'transaction_event',
      response: '{"success":true,"withdraw_fund_salt":"ab"}',
      uuid: '"6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b"',
    });
    expect(Object.keys(e)[0]).toBe('event_type'); // the serde tag comes first
  });

  it('logs the event in Rust Debug form, inner quotes escaped', () => {
    const e = transactionEvent({ withdraw_fund_salt: '01' }, 'id');
    expect(debugTransactionEvent(e)).toBe(
      'TransactionEvent { response: "{\\"withdraw_fund_salt\\":\\"01\\"}", uuid: "\\"id\\"" }',
    );
    expect(rustDebugString('a\\b\n\u0001é')).toBe('"a\\\\b\\n\\u{1}é"');
  });
});
