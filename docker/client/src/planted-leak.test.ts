import { describe, expect, it } from 'vitest';
import { SettingsError } from '../../lib/settings';
import { amountPlanted, loadPlantedLeak } from './planted-leak';

describe('the planted leak switch of the client double', () => {
  it('plants nothing unless told, and only its own two leaks', () => {
    expect(loadPlantedLeak({})).toBeUndefined();
    expect(loadPlantedLeak({ NF4_SIM_PLANTED_LEAK: '' })).toBeUndefined();
    expect(loadPlantedLeak({ NF4_SIM_PLANTED_LEAK: 'salt-in-report' })).toBeUndefined();
    expect(loadPlantedLeak({ NF4_SIM_PLANTED_LEAK: 'amount-in-calldata' })).toBe('amount-in-calldata');
    expect(loadPlantedLeak({ NF4_SIM_PLANTED_LEAK: 'key-in-log' })).toBe('key-in-log');
  });

  it('refuses a name it does not know', () => {
    expect(() => loadPlantedLeak({ NF4_SIM_PLANTED_LEAK: 'everything' })).toThrow(SettingsError);
  });

  it('puts the amount in the first free commitment word of the slot, and nowhere when none is free', () => {
    expect(amountPlanted([11n, 12n, 0n, 0n] as const, 4n)).toEqual([11n, 12n, 4n, 0n]);
    expect(amountPlanted([11n, 12n, 13n, 14n] as const, 4n)).toEqual([11n, 12n, 13n, 14n]);
  });
});
