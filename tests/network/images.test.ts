// The devnet images: built from the real simulator sources on the local or official Node base, tagged by content,
// and reused while nothing that goes into them changes.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { docker } from '../../docker/base/docker-cli';
import { ensureDevnetImageOutcomes, type ImageOutcome } from '../../docker/images';

interface ImageConfig {
  User: string;
  Volumes: Record<string, unknown> | null;
  Healthcheck?: { Test: string[] };
  Labels: Record<string, string> | null;
}

async function imageConfig(tag: string): Promise<ImageConfig> {
  return JSON.parse(await docker(['image', 'inspect', '--format', '{{json .Config}}', tag])) as ImageConfig;
}

const byName = (outcomes: ImageOutcome[]) => Object.fromEntries(outcomes.map((outcome) => [outcome.name, outcome]));
const quiet = { log: () => undefined };

/** Tags built from throwaway sources, removed at the end. */
const throwawayTags: string[] = [];
afterAll(async () => {
  await Promise.all(throwawayTags.map((tag) => docker(['image', 'rm', tag]).catch(() => undefined)));
});

describe('devnet images', () => {
  it('reuses every image on a second ensure with unchanged inputs', async () => {
    const first = byName(await ensureDevnetImageOutcomes(quiet));
    const second = byName(await ensureDevnetImageOutcomes(quiet));

    const repositories = {
      anvil: 'anvil',
      client: 'client',
      proposer: 'proposer',
      eventService: 'event-service',
    } as const;
    for (const [name, repository] of Object.entries(repositories) as [keyof typeof repositories, string][]) {
      expect(first[name]!.tag).toMatch(new RegExp(`^nightfall-e2e/${repository}:[0-9a-f]{12}$`));
      expect(second[name]).toMatchObject({ tag: first[name]!.tag, built: false });
      // The tag is the start of the full input hash recorded on the image.
      const { Labels } = await imageConfig(first[name]!.tag);
      expect(Labels?.['nightfall-e2e.inputs']?.startsWith(first[name]!.tag.split(':')[1]!)).toBe(true);
    }
  });

  it('builds a new image when a source changes, and only that image', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nightfall-image-source-'));
    try {
      const entry = join(dir, 'main.ts');
      // A unique source, so that no image of it exists yet.
      const writeVersion = () => writeFile(entry, `console.log('variant ${randomUUID()}');\n`);
      await writeVersion();
      const first = byName(await ensureDevnetImageOutcomes({ ...quiet, entryPoints: { client: entry } }));
      throwawayTags.push(first.client!.tag);
      await writeVersion();
      const second = byName(await ensureDevnetImageOutcomes({ ...quiet, entryPoints: { client: entry } }));
      throwawayTags.push(second.client!.tag);

      expect(first.client!.built).toBe(true);
      expect(second.client).toMatchObject({ built: true });
      expect(second.client!.tag).not.toBe(first.client!.tag);
      expect(second.proposer).toMatchObject({ tag: first.proposer!.tag, built: false });
      expect(second.anvil).toMatchObject({ tag: first.anvil!.tag, built: false });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('runs the simulators and the event service as an unprivileged user with a node health check, the client store on a volume', async () => {
    const outcomes = byName(await ensureDevnetImageOutcomes(quiet));
    const client = await imageConfig(outcomes.client!.tag);
    for (const name of ['client', 'proposer', 'eventService'] as const) {
      const config = await imageConfig(outcomes[name]!.tag);
      expect(config.User, name).toBe('node');
      expect(config.Healthcheck?.Test.slice(0, 3), name).toEqual(['CMD', 'node', '-e']);
    }
    expect(Object.keys(client.Volumes ?? {})).toEqual(['/app/data']);
  });

  it('has an anvil image whose binary runs on the base (its libraries are there)', async () => {
    const outcomes = byName(await ensureDevnetImageOutcomes(quiet));
    const version = await docker(['run', '--rm', outcomes.anvil!.tag, '--version']);
    expect(version).toMatch(/^anvil Version: \d+\.\d+\.\d+/);
  });
});
