// A test context that records what the test would have been skipped with and what it annotated (vitest's skip throws
// to end the test, as this one does), for unit tests of the language's skips.
import type { SkipContext } from '../../../fixtures/report';

export interface RecordingContext extends SkipContext {
  readonly notes: (string | undefined)[];
  readonly annotations: [string, string | undefined][];
}

export function recordingContext(): RecordingContext {
  const notes: (string | undefined)[] = [];
  const annotations: [string, string | undefined][] = [];
  return {
    notes,
    annotations,
    skip: ((note?: string) => {
      notes.push(note);
      throw new Error('skipped');
    }) as never,
    annotate: (async (message: string, type?: string) => {
      annotations.push([message, type]);
    }) as never,
  };
}
