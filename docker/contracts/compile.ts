// Compiles docker/contracts/src/*.sol with solc-js (standard JSON) into build/<Name>.json = {abi, bytecode}.
// Skips the work when the sources, the dependency versions, the compiler and its settings are unchanged: the hash
// of all of them is kept in build/. Runs as `npm run build:contracts` and as postinstall.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { writeFileAtomicallySync } from '../../lib/files/atomic-write';
import { artifactPath, buildDir, contractNames, sourcesDir, type Artifact } from './artifacts';

const nodeModulesDir = path.resolve(sourcesDir, '../../../node_modules');
const hashFile = path.join(buildDir, 'sources.sha256');
/** Held while compiling, so that test files starting together compile once rather than each on its own. */
const lockDir = path.join(buildDir, '.compiling');
const LOCK_WAIT_MS = 180_000;
const LOCK_STALE_MS = 60_000;

/** Packages whose Solidity files the sources import (paths under node_modules); their versions are in the cache key. */
const solidityDependencies = [
  '@openzeppelin/contracts',
  '@solvprotocol/erc-3525',
  '@solvprotocol/erc-3525/node_modules/@openzeppelin/contracts',
];

const compilerSettings = {
  optimizer: { enabled: true, runs: 200 },
  // Cancun runs on every anvil release the devnet may meet; nothing here needs a newer fork.
  evmVersion: 'cancun',
  // ERC-3525 is built on OpenZeppelin 4 (nested in its own node_modules), everything else on OpenZeppelin 5:
  // a context-scoped remapping keeps the two copies apart in one compilation.
  remappings: [
    '@solvprotocol/erc-3525/:@openzeppelin/contracts/=@solvprotocol/erc-3525/node_modules/@openzeppelin/contracts/',
  ],
};

const solcOutputSchema = z.object({
  errors: z
    .array(z.object({ severity: z.string(), formattedMessage: z.string() }))
    .optional()
    .default([]),
  contracts: z
    .record(
      z.string(),
      z.record(
        z.string(),
        z.object({ abi: z.array(z.unknown()), evm: z.object({ bytecode: z.object({ object: z.string() }) }) }),
      ),
    )
    .optional()
    .default({}),
});

export interface BuildResult {
  /** false when the cached artifacts were already up to date */
  compiled: boolean;
  contracts: string[];
  millis: number;
}

/** Compiles the contracts unless build/ already holds artifacts for exactly these inputs. */
export async function buildContracts(): Promise<BuildResult> {
  const started = performance.now();
  const sources = readSources();
  const inputHash = hashInputs(sources);
  const upToDate = () => ({ compiled: false, contracts: [...contractNames], millis: performance.now() - started });
  if (isUpToDate(inputHash)) return upToDate();

  return withBuildLock(async () => {
    // Another process may have built these very inputs while this one waited for the lock.
    if (isUpToDate(inputHash)) return upToDate();
    const artifacts = await compile(sources);
    const missing = contractNames.filter((name) => !artifacts.has(name));
    if (missing.length > 0) throw new Error(`Compilation produced no artifact for: ${missing.join(', ')}`);

    for (const [name, artifact] of artifacts) {
      writeFileAtomicallySync(artifactPath(name), `${JSON.stringify(artifact, null, 2)}\n`);
    }
    writeFileAtomicallySync(hashFile, `${inputHash}\n`);
    return { compiled: true, contracts: [...artifacts.keys()], millis: performance.now() - started };
  });
}

async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(buildDir, { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  // mkdir is atomic: whoever creates the directory holds the lock.
  while (!tryCreate(lockDir)) {
    if (Date.now() - lockCreatedAt(lockDir) > LOCK_STALE_MS) rmSync(lockDir, { recursive: true, force: true });
    else if (Date.now() > deadline) throw new Error(`Timed out waiting for another compilation (${lockDir})`);
    else await delay(200);
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function tryCreate(dir: string): boolean {
  try {
    mkdirSync(dir);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** When the lock was taken (ms since the epoch); now if it vanished meanwhile, so that it never counts as stale. */
function lockCreatedAt(dir: string): number {
  try {
    return statSync(dir).mtimeMs;
  } catch {
    return Date.now();
  }
}

/** Source unit name (`src/<file>`) → contents, sorted so that the hash is stable. */
function readSources(): Map<string, string> {
  const files = readdirSync(sourcesDir)
    .filter((file) => file.endsWith('.sol'))
    .sort();
  return new Map(files.map((file) => [`src/${file}`, readFileSync(path.join(sourcesDir, file), 'utf8')]));
}

function hashInputs(sources: Map<string, string>): string {
  const packageVersion = (name: string) => {
    const manifest: unknown = JSON.parse(readFileSync(path.join(nodeModulesDir, name, 'package.json'), 'utf8'));
    return z.object({ version: z.string() }).parse(manifest).version;
  };
  const key = {
    solc: packageVersion('solc'),
    settings: compilerSettings,
    dependencies: Object.fromEntries(solidityDependencies.map((name) => [name, packageVersion(name)])),
    sources: [...sources],
  };
  return createHash('sha256').update(JSON.stringify(key)).digest('hex');
}

function isUpToDate(inputHash: string): boolean {
  if (!existsSync(hashFile) || readFileSync(hashFile, 'utf8').trim() !== inputHash) return false;
  return contractNames.every((name) => existsSync(artifactPath(name)));
}

async function compile(sources: Map<string, string>): Promise<Map<string, Artifact>> {
  // Loaded only when needed: solc-js takes about a second to load.
  const { default: solc } = await import('solc');
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries([...sources].map(([name, content]) => [name, { content }])),
    settings: {
      ...compilerSettings,
      outputSelection: Object.fromEntries(
        [...sources.keys()].map((name) => [name, { '*': ['abi', 'evm.bytecode.object'] }]),
      ),
    },
  };
  const output = solcOutputSchema.parse(
    JSON.parse(
      (solc.compile as (input: string, callbacks: { import: typeof readImport }) => string)(JSON.stringify(input), {
        import: readImport,
      }),
    ),
  );

  const errors = output.errors.filter((entry) => entry.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((entry) => entry.formattedMessage).join('\n')}`);
  for (const warning of output.errors) process.stderr.write(warning.formattedMessage);

  const artifacts = new Map<string, Artifact>();
  for (const [sourceName, contracts] of Object.entries(output.contracts)) {
    if (!sources.has(sourceName)) continue;
    for (const [name, contract] of Object.entries(contracts)) {
      // Interfaces and abstract contracts have no bytecode and nothing to deploy.
      if (contract.evm.bytecode.object === '') continue;
      if (artifacts.has(name)) throw new Error(`Two contracts are named ${name}; artifact names must be unique`);
      artifacts.set(name, { abi: contract.abi as Artifact['abi'], bytecode: `0x${contract.evm.bytecode.object}` });
    }
  }
  return artifacts;
}

/** solc's import callback: library sources come from node_modules, never from outside it. */
function readImport(unitName: string): { contents: string } | { error: string } {
  const file = path.resolve(nodeModulesDir, unitName);
  if (!file.startsWith(`${nodeModulesDir}${path.sep}`)) return { error: `import outside node_modules: ${unitName}` };
  try {
    return { contents: readFileSync(file, 'utf8') };
  } catch {
    return { error: `not found in node_modules: ${unitName}` };
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildContracts().then(
    (result) => {
      const seconds = (result.millis / 1000).toFixed(1);
      console.log(
        result.compiled
          ? `compiled ${result.contracts.length} contracts into ${buildDir} in ${seconds} s`
          : `contracts up to date (${buildDir})`,
      );
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
