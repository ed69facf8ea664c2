// First step of `npm run e2e` and `npm test` (plain Node, no dependencies, so it runs on a fresh clone): checks the
// Node version, installs the locked dependencies when they are missing or stale (saying so), and checks that a
// Docker engine answers. It installs no system software: on a CI machine .ci/run starts the engine first.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const MIN_NODE = [20, 19];

function fail(message) {
  console.error(`set-up: ${message}`);
  process.exit(1);
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) {
  fail(`Node ${MIN_NODE.join('.')} or newer is needed (vitest 4 and vite 8), this is ${process.version}.`);
}

// npm writes node_modules/.package-lock.json on every install: older than the lockfile means stale.
const installed = 'node_modules/.package-lock.json';
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync('package-lock.json').mtimeMs) {
  console.error('set-up: installing the locked dependencies (npm ci) ...');
  const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (ci.status !== 0) fail('npm ci failed (see above).');
}

const docker = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8' });
if (docker.error) fail('the docker command is not installed; the devnet runs in Docker (see README, "Prerequisites").');
if (docker.status !== 0) {
  fail(
    `no Docker engine answers (${(docker.stderr || '').trim().split('\n')[0]}). Start it (e.g. \`sudo dockerd &\`, ` +
      'or Docker Desktop) and run the command again.',
  );
}
