import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TERMINATION_MODULE = fileURLToPath(new URL('./termination.ts', import.meta.url));

/**
 * A process that wires closeOnTermination, has signal-exit's handlers loaded the way write-file-atomic loads them
 * for a write in flight (`signal-exit` as write-file-atomic resolves it, the version it ships with), and sends itself
 * `signal`. Its close() takes a while, as a store write does. Resolves with what the process printed and how it ended.
 */
function terminateDuringWrite(
  signal: 'SIGTERM' | 'SIGINT',
  closeOutcome: 'closes' | 'fails',
): Promise<{ stdout: string; stderr: string; code: number | null; signal: string | null }> {
  const script = `
    import { createRequire } from 'node:module';
    import { closeOnTermination } from ${JSON.stringify(TERMINATION_MODULE)};
    const require = createRequire(import.meta.url);
    const { onExit } = createRequire(require.resolve('write-file-atomic'))('signal-exit');
    onExit(() => undefined);
    closeOnTermination({
      close: () => new Promise((resolve, reject) => setTimeout(() => {
        process.stdout.write('closed\\n');
        ${closeOutcome === 'closes' ? 'resolve()' : "reject(new Error('disk full'))"};
      }, 300)),
      onSignal: (name) => process.stdout.write('signal ' + name + '\\n'),
      onFailure: (error) => process.stderr.write('failed: ' + error.message + '\\n'),
    });
    process.kill(process.pid, ${JSON.stringify(signal)});
    setTimeout(() => process.kill(process.pid, ${JSON.stringify(signal)}), 50);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.on('close', (code, exitSignal) => resolve({ stdout, stderr, code, signal: exitSignal })),
  );
}

describe('closeOnTermination', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'on %s during a write-file-atomic write: close() finishes before the process exits 0, a second signal changes nothing',
    async (signal) => {
      const ended = await terminateDuringWrite(signal, 'closes');

      expect(ended).toMatchObject({ code: 0, signal: null });
      expect(ended.stdout).toBe(`signal ${signal}\nclosed\n`);
    },
  );

  it('exits 1 and says why when close() fails', async () => {
    const ended = await terminateDuringWrite('SIGTERM', 'fails');

    expect(ended).toMatchObject({ code: 1, signal: null });
    expect(ended.stdout).toBe('signal SIGTERM\nclosed\n');
    expect(ended.stderr).toContain('failed: disk full');
  });
});
