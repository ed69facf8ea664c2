// Every relative link in the README and docs/ leads to a file that exists, and to a heading that page has.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenLinks, documentFiles, headingAnchor } from './doc-links';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('links between the documents', () => {
  it('every relative link in README.md and docs/*.md resolves to a file and, if it names one, a heading', () => {
    const files = documentFiles(ROOT);
    expect(files).toContain('docs/architecture.md');
    const broken = files.flatMap((file) => brokenLinks(ROOT, file, readFileSync(`${ROOT}/${file}`, 'utf8')));
    expect(broken.map((b) => `${b.file}:${b.line} ${b.target}: ${b.reason}`)).toEqual([]);
  });

  it('finds a missing file and a missing heading, and leaves web links and code alone', () => {
    const page = [
      '# Title',
      'See [gone](docs/no-such-page.md), [here](#title), [there](#nowhere) and [web](https://example.com/x.md).',
      '`[inline](missing.md)`',
      '```',
      '[fenced](missing.md)',
      '```',
      '[map](docs/architecture.md#folder-map) and [no map](docs/architecture.md#no-such-heading)',
    ].join('\n');
    expect(brokenLinks(ROOT, 'README.md', page).map((b) => `${b.line} ${b.target}`)).toEqual([
      '2 docs/no-such-page.md',
      '2 #nowhere',
      '7 docs/architecture.md#no-such-heading',
    ]);
  });

  it('makes anchors as GitHub does', () => {
    expect(headingAnchor('The console and the logs')).toBe('the-console-and-the-logs');
    expect(headingAnchor('reports/summary.json')).toBe('reportssummaryjson');
    expect(headingAnchor("The devnet's double")).toBe('the-devnets-double');
  });
});
