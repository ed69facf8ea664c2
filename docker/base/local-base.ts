// The Node base image that the devnet images are built FROM.
//
// Where a registry answers, the official node image is the natural base. Where none does (CI and the development
// machines: no image can be pulled, Debian ships no Node image), we import a root filesystem holding this host's
// `node` binary and exactly the shared libraries `ldd` lists for it (about 1 s, about 105 MB). The libraries cover the
// anvil binary too (libgcc_s, libm, libc); the anvil Dockerfile proves that at build time. The image is tagged with the
// node version, so it is made once per machine and node upgrade.
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { docker, localImageId } from './docker-cli';

const OFFICIAL_NODE_IMAGE = 'node:20-bookworm-slim';
const LOCAL_NODE_IMAGE = `nightfall-e2e/node-base:${process.versions.node}`;
/** A registry that answers delivers the slim image in well under this; a closed network refuses in under a second. */
const PULL_TIMEOUT_MS = 60_000;
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';
/** Same uid/gid and name as the official image's user, so Dockerfiles say `USER node` on either base. */
const NODE_UID = 1000;

export interface NodeBaseImage {
  image: string;
  /** Image id: part of every derived image's content hash, so a new base rebuilds them. */
  id: string;
  origin: 'official' | 'local';
}

const run = promisify(execFile);

/** Finds or makes the base: official image if present or pullable, else the locally made one. */
export async function ensureNodeBaseImage(log: (line: string) => void): Promise<NodeBaseImage> {
  const officialId = await localImageId(OFFICIAL_NODE_IMAGE);
  if (officialId) return { image: OFFICIAL_NODE_IMAGE, id: officialId, origin: 'official' };
  // Once we have fallen back on this machine, keep the local base rather than asking the registry on every run.
  const localId = await localImageId(LOCAL_NODE_IMAGE);
  if (localId) return { image: LOCAL_NODE_IMAGE, id: localId, origin: 'local' };

  const pulledId = await tryPull(OFFICIAL_NODE_IMAGE, log);
  if (pulledId) return { image: OFFICIAL_NODE_IMAGE, id: pulledId, origin: 'official' };

  const started = performance.now();
  const id = await importHostNodeRootfs(LOCAL_NODE_IMAGE);
  log(`made ${LOCAL_NODE_IMAGE} from the host's node in ${Math.round(performance.now() - started)} ms`);
  return { image: LOCAL_NODE_IMAGE, id, origin: 'local' };
}

async function tryPull(image: string, log: (line: string) => void): Promise<string | undefined> {
  try {
    await docker(['pull', '--quiet', image], { timeoutMs: PULL_TIMEOUT_MS });
    return await localImageId(image);
  } catch (error) {
    log(`cannot pull ${image} (${firstLine(error)}); making a local Node base instead`);
    return undefined;
  }
}

async function importHostNodeRootfs(tag: string): Promise<string> {
  const workDir = await mkdtemp(join(tmpdir(), 'nightfall-node-base-'));
  try {
    const rootfs = join(workDir, 'rootfs');
    await copyInto(rootfs, process.execPath, '/usr/local/bin/node');
    for (const library of await sharedLibraries(process.execPath)) await copyInto(rootfs, library, library);
    if (existsSync(CA_BUNDLE)) await copyInto(rootfs, CA_BUNDLE, CA_BUNDLE);
    await writeEtc(rootfs);
    await mkdir(join(rootfs, 'tmp'));
    await chmod(join(rootfs, 'tmp'), 0o1777);
    await mkdir(join(rootfs, 'home'));

    // Everything belongs to root except the user's home; GNU tar sets owners per invocation, so append that entry.
    const homeStage = join(workDir, 'home-stage');
    await mkdir(join(homeStage, 'home', 'node'), { recursive: true });
    const archive = join(workDir, 'rootfs.tar');
    await run('tar', [
      '--create',
      '--file',
      archive,
      '--directory',
      rootfs,
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      '.',
    ]);
    await run('tar', [
      '--append',
      '--file',
      archive,
      '--directory',
      homeStage,
      `--owner=${NODE_UID}`,
      `--group=${NODE_UID}`,
      '--numeric-owner',
      '--no-recursion',
      './home/node',
    ]);

    await docker([
      'import',
      '--message',
      'node binary and its shared libraries from the host',
      '--change',
      'ENV PATH=/usr/local/bin:/usr/bin:/bin',
      '--change',
      'CMD ["node"]',
      archive,
      tag,
    ]);
    const id = await localImageId(tag);
    if (!id) throw new Error(`docker import reported success but ${tag} is missing`);
    return id;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Absolute paths of the shared libraries (and loader) that `binary` needs, as `ldd` resolves them. */
export async function sharedLibraries(binary: string): Promise<string[]> {
  const { stdout } = await run('ldd', [binary]);
  const missing = stdout.split('\n').filter((line) => line.includes('not found'));
  if (missing.length > 0) throw new Error(`ldd ${binary}: missing libraries: ${missing.join('; ')}`);
  // "libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x…)" and "/lib64/ld-linux-x86-64.so.2 (0x…)"; the vDSO has no path.
  return [...stdout.matchAll(/(\/\S+) \(0x[0-9a-f]+\)/g)].map((match) => match[1]!);
}

/** Copies a file to the same absolute path under `rootfs`, following symlinks (the image gets real files). */
async function copyInto(rootfs: string, source: string, absoluteTarget: string): Promise<void> {
  const target = join(rootfs, absoluteTarget);
  await mkdir(dirname(target), { recursive: true });
  await copyFile(source, target);
}

async function writeEtc(rootfs: string): Promise<void> {
  const etc = join(rootfs, 'etc');
  await mkdir(etc, { recursive: true });
  await writeFile(
    join(etc, 'passwd'),
    `root:x:0:0:root:/root:/usr/sbin/nologin\nnode:x:${NODE_UID}:${NODE_UID}::/home/node:/usr/sbin/nologin\n`,
  );
  await writeFile(join(etc, 'group'), `root:x:0:\nnode:x:${NODE_UID}:\n`);
  // Without this glibc may skip /etc/hosts, where docker puts extra hosts such as host.docker.internal.
  await writeFile(join(etc, 'nsswitch.conf'), 'passwd: files\ngroup: files\nhosts: files dns\n');
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}
