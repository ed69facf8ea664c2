import { describe, expect, it } from 'vitest';
import { SettingsError } from '../../lib/settings';
import { loadQuirks } from './quirk-settings';

describe('loadQuirks', () => {
  it('keeps the worker-death quirk off unless asked for with "true"', () => {
    expect(loadQuirks({})).toEqual({ workerDeath: false });
    expect(loadQuirks({ NF4_SIM_CLIENT_WORKER_DEATH: '' })).toEqual({ workerDeath: false });
    expect(loadQuirks({ NF4_SIM_CLIENT_WORKER_DEATH: 'true' })).toEqual({ workerDeath: true });
    expect(() => loadQuirks({ NF4_SIM_CLIENT_WORKER_DEATH: 'yes' })).toThrow(SettingsError);
  });
});
