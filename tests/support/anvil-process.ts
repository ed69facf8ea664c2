// Runs the real anvil binary (from the @foundry-rs/anvil-linux-amd64 package, or $ANVIL_BIN) on a free local port.
// The binary is spawned directly: the npm wrapper script leaves zombie processes behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createPublicClient, http } from 'viem';
import { ephemeralPort } from '../../fixtures/network/ephemeral-port';

export interface AnvilProcess {
  rpcUrl: string;
  port: number;
  chainId: number;
  /** Terminates anvil (SIGTERM, then SIGKILL after a grace period) and resolves once it has exited. */
  stop(): Promise<void>;
}

export interface AnvilOptions {
  chainId?: number;
  /** Extra command-line arguments, e.g. ['--block-time', '1']. */
  args?: string[];
  readyTimeoutMs?: number;
}

const STOP_GRACE_MS = 3_000;
const PORT_ATTEMPTS = 3;

function anvilBinary(): string {
  const fromEnv = process.env.ANVIL_BIN;
  if (fromEnv) return fromEnv;
  let packageDir: string;
  try {
    packageDir = path.dirname(createRequire(import.meta.url).resolve('@foundry-rs/anvil-linux-amd64/package.json'));
  } catch {
    throw new Error('anvil not found: install @foundry-rs/anvil-linux-amd64 (linux x64) or set ANVIL_BIN');
  }
  const binary = path.join(packageDir, 'bin', 'anvil');
  if (!existsSync(binary)) throw new Error(`anvil binary missing at ${binary}`);
  return binary;
}

/** Starts anvil (automine, anvil's default dev accounts) and resolves once it answers JSON-RPC. */
export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilProcess> {
  let lastError: unknown;
  // A free port found now may be taken before anvil binds it; try again on another one.
  for (let attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
    try {
      return await startOnPort(await ephemeralPort('127.0.0.1'), options);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function startOnPort(port: number, options: AnvilOptions): Promise<AnvilProcess> {
  const chainId = options.chainId ?? 31337;
  const child = spawn(
    anvilBinary(),
    ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent', ...(options.args ?? [])],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4_000);
  });
  let failure = '';
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      failure ||= `it exited (${signal ?? `code ${code}`})`;
      resolve();
    });
    // A binary that cannot be spawned emits 'error' (and maybe no 'exit'); unhandled, it would crash the run.
    child.once('error', (error) => {
      failure = `it could not be spawned: ${error.message}`;
      resolve();
    });
  });
  // Never leave an orphan anvil behind when the test process ends abruptly.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    await terminate(child, exited);
  };

  const rpcUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(
      rpcUrl,
      chainId,
      exited.then(() => failure),
      options.readyTimeoutMs ?? 15_000,
    );
  } catch (error) {
    await stop();
    throw new Error(`anvil did not start on port ${port}: ${(error as Error).message}${stderr ? `\n${stderr}` : ''}`);
  }
  return { rpcUrl, port, chainId, stop };
}

/** Bounded poll of eth_chainId; `ended` resolves with the reason once the process is gone. */
async function waitUntilAnswering(rpcUrl: string, chainId: number, ended: Promise<string>, timeoutMs: number) {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 1_000 }) });
  let endReason: string | undefined;
  void ended.then((reason) => (endReason = reason));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (endReason !== undefined) throw new Error(endReason);
    const answered = await client.getChainId().catch(() => undefined); // not listening yet
    if (answered !== undefined) {
      // Another chain on "our" port means the port was taken meanwhile.
      if (answered !== chainId) throw new Error(`the port answers chain id ${answered}, expected ${chainId}`);
      return;
    }
    await delay(50);
  }
  throw new Error(`no JSON-RPC answer within ${timeoutMs} ms`);
}

async function terminate(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  child.kill('SIGTERM');
  const graceful = await Promise.race([exited.then(() => true), delay(STOP_GRACE_MS).then(() => false)]);
  if (!graceful) {
    child.kill('SIGKILL');
    await exited;
  }
}
