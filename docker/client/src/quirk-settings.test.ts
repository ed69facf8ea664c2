import { describe, expect, it } from 'vitest';
import { SettingsError } from '../../lib/settings';
import { loadQuirks } from './quirk-settings';

describe('loadQuirks', () => {
  it('has the realistic worker death on when nothing is set', () => {
    expect(loadQuirks({})).toEqual({ workerDeath: true });
    expect(loadQuirks({ NF4_SIM_CLIENT_WORKER_DEATH: '' })).toEqual({ workerDeath: true });
  });

  it('lets "false" switch the worker death off', () => {
    expect(loadQuirks({ NF4_SIM_CLIENT_WORKER_DEATH: 'false' })).toEqual({ workerDeath: false });
  });

  it('refuses any other value, "true" included: nothing turns a quirk on', () => {
    expect(() => loadQuirks({ NF4_SIM_CLIENT_WORKER_DEATH: 'true' })).toThrow(SettingsError);
    expect(() => loadQuirks({ NF4_SIM_CLIENT_WORKER_DEATH: 'yes' })).toThrow(SettingsError);
  });
});
