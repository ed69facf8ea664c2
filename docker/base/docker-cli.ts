// The docker CLI as a function. Image work (import, build, pull) goes through the CLI rather than the engine API
// because the CLI is what reports a failed build step or a refused pull in words a person can act on.
import { execFile } from 'node:child_process';

export interface DockerCommandOptions {
  /** Kill the CLI after this long (the daemon may finish the work in the background; callers treat it as failed). */
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

/** How much of stdout a failure message keeps: the failing build step prints its output there. */
const STDOUT_TAIL_LINES = 30;

class DockerCommandError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly stdout: string,
    readonly stderr: string,
    cause: unknown,
  ) {
    const stdoutTail = stdout.trim().split('\n').slice(-STDOUT_TAIL_LINES).join('\n');
    super(`docker ${args.join(' ')} failed: ${stderr.trim() || String(cause)}${stdoutTail ? `\n${stdoutTail}` : ''}`, {
      cause,
    });
    this.name = 'DockerCommandError';
  }
}

/** Runs `docker <args>` and resolves with its trimmed stdout. */
export function docker(args: readonly string[], options: DockerCommandOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'docker',
      args,
      { timeout: options.timeoutMs ?? 0, env: options.env ?? process.env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new DockerCommandError(args, stdout, stderr, error));
        else resolve(stdout.trim());
      },
    );
  });
}

/** The image's id, or undefined when no image has that name locally. */
export async function localImageId(image: string): Promise<string | undefined> {
  try {
    return await docker(['image', 'inspect', '--format', '{{.Id}}', image]);
  } catch (error) {
    if (error instanceof DockerCommandError && /no such image/i.test(error.stderr)) return undefined;
    throw error;
  }
}
