// The devnet's images (anvil, client simulator, proposer simulator, event-delivery service, hosted-RPC limits), built
// locally and tagged by content.
//
// Each image's tag is a hash over everything that goes into it: its Dockerfile, its payload (the simulator's esbuild
// bundle or the anvil binary) and the base image id. An existing tag is therefore an up-to-date image, and a run with
// unchanged inputs costs a stat of each input file (./digest-cache.ts) and a few `docker image inspect`s.
//
// Builds use the docker CLI, not testcontainers' `GenericContainer.fromDockerfile(...).build()`: testcontainers
// resolves only when the build stream ends and drops the build output unless its debug log is on, so a failing step
// surfaces as a bare "Failed to build image"; the CLI's output names the failing step and its message. The CLI is
// needed anyway for `docker import` of the local base.
//
// Superseded tags are not removed: another test process may be about to start a container from one, and each costs
// only its own top layer (the bundle, a few MB) on top of the shared base.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, link, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { build as esbuild, version as esbuildVersion, type BuildOptions } from 'esbuild';
import { createLogger } from '../fixtures/log';
import { docker, localImageId } from './base/docker-cli';
import { DigestCache } from './digest-cache';
import { ensureNodeBaseImage, type NodeBaseImage } from './base/local-base';

export interface DevnetImages {
  anvil: string;
  client: string;
  proposer: string;
  /** The contract-event delivery service (docker/event-service), the devnet's MultiBaas double. */
  eventService: string;
  /** The hosted-RPC limits in front of anvil (docker/rpc-limits): the devnet's L1 as the harness is given it. */
  rpcLimits: string;
}
export type DevnetImageName = keyof DevnetImages;
type SimulatorName = Exclude<DevnetImageName, 'anvil'>;

/** Directory under docker/ (Dockerfile, src/main.ts) and image repository name of each image: lowercase, as tags must be. */
const IMAGE_DIRECTORIES: Record<DevnetImageName, string> = {
  anvil: 'anvil',
  client: 'client',
  proposer: 'proposer',
  eventService: 'event-service',
  rpcLimits: 'rpc-limits',
};

export interface ImageOutcome {
  name: DevnetImageName;
  tag: string;
  /** false when an image with this content hash already existed. */
  built: boolean;
  ms: number;
}

export interface EnsureImagesOptions {
  /** Simulator entry points; default docker/<name>/src/main.ts. Lets a variant (or a pipeline test) be imaged. */
  entryPoints?: Partial<Record<SimulatorName, string>>;
  log?: (line: string) => void;
}

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const IMAGE_REPOSITORY = 'nightfall-e2e';
const HASH_CHARS = 12;
const ANVIL_BINARY = join(REPO_ROOT, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');
/** Build contexts are staged inside the repo (gitignored) so the anvil binary can be hard-linked, not copied. */
const STAGING_ROOT = join(REPO_ROOT, '.devnet/build');
const digestCache = new DigestCache(join(REPO_ROOT, '.devnet/digests'), REPO_ROOT);

const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Lets CommonJS dependencies run inside the ESM bundle: those that call require(), and those that read __filename
  // (write-file-atomic names its temporary files after it).
  banner: {
    js:
      "import { createRequire as __nfCreateRequire } from 'node:module'; import { fileURLToPath as __nfFileURLToPath } from 'node:url'; " +
      'const require = __nfCreateRequire(import.meta.url); const __filename = __nfFileURLToPath(import.meta.url);',
  },
  legalComments: 'none',
  logLevel: 'warning',
  absWorkingDir: REPO_ROOT, // metafile input paths are relative to it
} as const satisfies BuildOptions;

/** A file of a build context: its digest (for the tag) and how to put it into the staged context. */
interface ContextFile {
  digest: string;
  source: { hostPath: string } | { produce: () => Promise<Uint8Array> };
}

interface ImageSpec {
  name: DevnetImageName;
  /** Context path → file; the Dockerfile is added from docker/<name>/. */
  files: Record<string, ContextFile>;
}

/** Image names of the devnet, building whatever is missing. */
export async function ensureDevnetImages(options: EnsureImagesOptions = {}): Promise<DevnetImages> {
  const outcomes = await ensureDevnetImageOutcomes(options);
  const tagOf = (name: DevnetImageName) => outcomes.find((outcome) => outcome.name === name)!.tag;
  return {
    anvil: tagOf('anvil'),
    client: tagOf('client'),
    proposer: tagOf('proposer'),
    eventService: tagOf('eventService'),
    rpcLimits: tagOf('rpcLimits'),
  };
}

let inFlight: Promise<ImageOutcome[]> | undefined;

/** Same as ensureDevnetImages, reporting per image whether it was built. Concurrent callers share one run. */
export function ensureDevnetImageOutcomes(options: EnsureImagesOptions = {}): Promise<ImageOutcome[]> {
  inFlight ??= ensureAll(options).finally(() => (inFlight = undefined));
  return inFlight;
}

async function ensureAll(options: EnsureImagesOptions): Promise<ImageOutcome[]> {
  const log = options.log ?? createLogger('images').info;
  const started = performance.now();
  const [base, anvilBinary, clientBundle, proposerBundle, eventServiceBundle, rpcLimitsBundle] = await Promise.all([
    ensureNodeBaseImage(log),
    hostFile(ANVIL_BINARY, 'anvil-binary'),
    simulatorBundle('client', options.entryPoints?.client),
    simulatorBundle('proposer', options.entryPoints?.proposer),
    simulatorBundle('eventService', options.entryPoints?.eventService),
    simulatorBundle('rpcLimits', options.entryPoints?.rpcLimits),
  ]);
  const specs: ImageSpec[] = [
    { name: 'anvil', files: { anvil: anvilBinary } },
    { name: 'client', files: { 'dist/main.mjs': clientBundle } },
    { name: 'proposer', files: { 'dist/main.mjs': proposerBundle } },
    { name: 'eventService', files: { 'dist/main.mjs': eventServiceBundle } },
    { name: 'rpcLimits', files: { 'dist/main.mjs': rpcLimitsBundle } },
  ];
  const outcomes = await Promise.all(specs.map((spec) => ensureImage(spec, base, log)));
  const builtNames = outcomes.filter((outcome) => outcome.built).map((outcome) => outcome.name);
  log(
    `images ready in ${Math.round(performance.now() - started)} ms (base ${base.image}; ` +
      `${builtNames.length ? `built ${builtNames.join(', ')}` : 'all reused'})`,
  );
  return outcomes;
}

async function hostFile(hostPath: string, cacheKey: string): Promise<ContextFile> {
  const digest = await digestCache.digest(cacheKey, async () => ({
    digest: await sha256File(hostPath),
    inputs: [hostPath],
  }));
  return { digest, source: { hostPath } };
}

/**
 * The simulator's esbuild bundle. Its digest comes from the cache while none of the bundled sources changed; the
 * bundle itself is only produced when an image has to be built.
 */
async function simulatorBundle(
  name: SimulatorName,
  entryPoint = join(REPO_ROOT, 'docker', IMAGE_DIRECTORIES[name], 'src/main.ts'),
) {
  if (!existsSync(entryPoint)) throw new Error(`cannot build the ${name} image: ${entryPoint} does not exist`);
  const bundle = async () => {
    const result = await esbuild({
      ...BUNDLE_OPTIONS,
      entryPoints: [entryPoint],
      outfile: 'main.mjs',
      write: false,
      metafile: true,
    });
    const contents = result.outputFiles[0]!.contents;
    return { contents, digest: sha256(contents), inputs: Object.keys(result.metafile.inputs) };
  };
  let bundled: Awaited<ReturnType<typeof bundle>> | undefined;
  const optionsKey = sha256(JSON.stringify({ entryPoint, esbuild: esbuildVersion, BUNDLE_OPTIONS })).slice(
    0,
    HASH_CHARS,
  );
  const digest = await digestCache.digest(`bundle-${name}-${optionsKey}`, async () => (bundled = await bundle()));
  const produce = async () => {
    bundled ??= await bundle();
    if (bundled.digest !== digest)
      throw new Error(`the ${name} sources changed while its image was being built; run again`);
    return bundled.contents;
  };
  return { digest, source: { produce } } satisfies ContextFile;
}

async function ensureImage(spec: ImageSpec, base: NodeBaseImage, log: (line: string) => void): Promise<ImageOutcome> {
  const started = performance.now();
  const directory = IMAGE_DIRECTORIES[spec.name];
  const dockerfile = join(REPO_ROOT, 'docker', directory, 'Dockerfile');
  const files = {
    Dockerfile: { digest: await sha256File(dockerfile), source: { hostPath: dockerfile } },
    ...spec.files,
  };
  const hash = contentHash(base.id, files);
  const tag = `${IMAGE_REPOSITORY}/${directory}:${hash.slice(0, HASH_CHARS)}`;
  if (await localImageId(tag)) return { name: spec.name, tag, built: false, ms: performance.now() - started };

  const context = join(STAGING_ROOT, `${directory}-${hash.slice(0, HASH_CHARS)}-${process.pid}`);
  try {
    await stage(context, files);
    await docker([
      'build',
      '--build-arg',
      `BASE_IMAGE=${base.image}`,
      '--label',
      `nightfall-e2e.inputs=${hash}`,
      '--tag',
      tag,
      context,
    ]);
  } finally {
    await rm(context, { recursive: true, force: true });
  }
  const ms = performance.now() - started;
  log(`built ${tag} in ${Math.round(ms)} ms`);
  return { name: spec.name, tag, built: true, ms };
}

function contentHash(baseImageId: string, files: Record<string, ContextFile>): string {
  const hash = createHash('sha256').update(`base ${baseImageId}\n`);
  for (const [contextPath, file] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`file ${contextPath} ${file.digest}\n`);
  }
  return hash.digest('hex');
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

async function stage(context: string, files: Record<string, ContextFile>): Promise<void> {
  for (const [contextPath, { source }] of Object.entries(files)) {
    const target = join(context, contextPath);
    await mkdir(dirname(target), { recursive: true });
    if ('produce' in source) await writeFile(target, await source.produce());
    else await link(source.hostPath, target).catch(() => copyFile(source.hostPath, target));
  }
}
