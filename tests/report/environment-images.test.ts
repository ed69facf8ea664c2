// The report's Environment names each image with the id the docker engine gives it: checked against the docker CLI's
// own answer for the devnet's images (built here when missing), and a missing image is said to be missing.
import { describe, expect, it } from 'vitest';
import { localImageId } from '../../docker/base/docker-cli';
import { ensureDevnetImages } from '../../docker/images';
import { imageFacts, runEnvironmentFacts } from '../../fixtures/network/image-facts';

describe("the report's image facts", () => {
  it('name each devnet image by its content-hash tag and its engine id', async () => {
    const images = await ensureDevnetImages({ log: () => undefined });
    const facts = await imageFacts({
      client: images.client,
      proposer: images.proposer,
      missing: 'nightfall-e2e/no-such-image:0',
      clientDatabase: undefined,
    });
    expect(facts['image.client']).toBe(`${images.client} ${await localImageId(images.client)}`);
    expect(facts['image.proposer']).toBe(`${images.proposer} ${await localImageId(images.proposer)}`);
    expect(facts['image.missing']).toMatch(/^nightfall-e2e\/no-such-image:0 \(not inspectable: .*no such image/i);
    expect(facts['image.clientDatabase']).toBeUndefined();
  }, 300_000);

  it("and a run's facts add the harness's commit", async () => {
    const facts = await runEnvironmentFacts({});
    expect(facts.harnessCommit).toMatch(/^[0-9a-f]{40}( \(with uncommitted changes\))?$/);
  });
});
