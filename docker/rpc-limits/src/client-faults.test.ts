import { describe, expect, it } from 'vitest';
import { ArmedFault, ClientFaultBook } from './client-faults';

const LAYER2_BLOCK_NUMBER = '0x28c3d7e6'; // layer2_block_number(): the book compares bytes, it knows no ABI
const OTHER_SELECTOR = '0x12345678';
const ethCall = (data: string) => ({
  method: 'eth_call',
  params: [{ to: '0x0000000000000000000000000000000000000001', data }, 'latest'],
});
const at = Date.parse('2026-11-28T04:00:00.000Z');

describe("a client route's fault book", () => {
  it('meets only an eth_call whose data starts with the armed selector, once, and records when it fired', () => {
    const book = new ClientFaultBook(() => at);
    book.arm(ArmedFault.parse({ action: 'refuse', method: 'eth_call', selector: LAYER2_BLOCK_NUMBER }));
    expect(book.meet(ethCall(`${OTHER_SELECTOR}00`))).toBeUndefined();
    expect(book.meet({ method: 'eth_blockNumber', params: [] })).toBeUndefined();
    expect(book.meet(ethCall(LAYER2_BLOCK_NUMBER))).toBe('refuse');
    expect(book.meet(ethCall(LAYER2_BLOCK_NUMBER)), 'spent after one').toBeUndefined();
    expect(book.state()).toEqual({
      armed: [],
      fired: [{ action: 'refuse', method: 'eth_call', selector: LAYER2_BLOCK_NUMBER, at: '2026-11-28T04:00:00.000Z' }],
      lagSeconds: 0,
      calls: { eth_call: 3, eth_blockNumber: 1 },
    });
  });

  it('meets a method without a selector on any call of it, as many times as armed', () => {
    const book = new ClientFaultBook(() => at);
    book.arm(ArmedFault.parse({ action: 'cut', method: 'eth_getTransactionByHash', times: 2 }));
    const call = { method: 'eth_getTransactionByHash', params: ['0xab'] };
    expect([book.meet(call), book.meet(call), book.meet(call)]).toEqual(['cut', 'cut', undefined]);
  });

  it('with a backoff, meets every matching call for that long after the first, then is spent', () => {
    let now = at;
    const book = new ClientFaultBook(() => now);
    book.arm(ArmedFault.parse({ action: 'refuse', method: 'eth_call', selector: LAYER2_BLOCK_NUMBER, forSeconds: 1 }));
    const call = ethCall(LAYER2_BLOCK_NUMBER);
    expect(book.meet(call)).toBe('refuse');
    now += 999;
    expect(book.meet(call), 'a retry within the backoff').toBe('refuse');
    now += 1;
    expect(book.meet(call), 'after the backoff').toBeUndefined();
    expect(book.state()).toMatchObject({
      armed: [],
      fired: [{ at: '2026-11-28T04:00:00.000Z' }, { at: '2026-11-28T04:00:00.999Z' }],
    });
  });

  it('matches a selector whatever its case, read from `input` as well as `data`', () => {
    const book = new ClientFaultBook(() => at);
    book.arm(ArmedFault.parse({ action: 'cut', method: 'eth_call', selector: '0xABCDEF01' }));
    expect(book.meet({ method: 'eth_call', params: [{ input: '0xabcdef01ff' }] })).toBe('cut');
  });

  it('refuses a fault it cannot match: a selector that is not 4 bytes', () => {
    expect(ArmedFault.safeParse({ action: 'refuse', method: 'eth_call', selector: '0x1234' }).success).toBe(false);
  });

  it('ends a lag given a duration by itself, and keeps one without a duration until cleared', () => {
    let now = at;
    const book = new ClientFaultBook(() => now);
    book.lag(10, 30);
    now += 29_999;
    expect(book.lagMs).toBe(10_000);
    now += 1;
    expect(book.lagMs).toBe(0);
    book.lag(5);
    now += 3_600_000;
    expect(book.lagMs).toBe(5_000);
  });

  it('clear() disarms and ends the lag, and keeps what fired on record', () => {
    const book = new ClientFaultBook(() => at);
    book.arm(ArmedFault.parse({ action: 'cut', method: 'eth_getLogs' }));
    book.arm(ArmedFault.parse({ action: 'refuse', method: 'eth_call' }));
    book.lag(4);
    expect(book.lagMs).toBe(4_000);
    book.meet({ method: 'eth_getLogs' });
    book.clear();
    expect(book.meet({ method: 'eth_call' })).toBeUndefined();
    expect(book.state()).toMatchObject({ armed: [], lagSeconds: 0, fired: [{ action: 'cut', method: 'eth_getLogs' }] });
  });
});
