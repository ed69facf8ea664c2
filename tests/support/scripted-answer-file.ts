// A scripted answer server for one property-test file: started before its tests, closed after them, and every test
// checked to leave no promise rejected unhandled (a bad answer must end in one clear error, never a stray rejection).
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startScriptedAnswerServer, type ScriptedAnswerServer } from './doubles/scripted-answer-server';

export function scriptedAnswerServerPerFile(): { readonly server: ScriptedAnswerServer } {
  let started: ScriptedAnswerServer | undefined;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  beforeAll(async () => {
    started = await startScriptedAnswerServer();
    process.on('unhandledRejection', onUnhandled);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await started?.close();
  });
  afterEach(() => {
    expect(unhandled, 'no promise may be left rejected unhandled').toEqual([]);
  });
  return {
    get server() {
      if (!started) throw new Error('the scripted answer server is not started: read it inside tests and hooks');
      return started;
    },
  };
}
