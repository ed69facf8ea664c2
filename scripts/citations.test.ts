// Issue #15 stays fixed: no tracked file cites a document the repository does not have, and no comment names a path
// of one machine. The samples below are built from pieces so that this file does not cite anything itself.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scanRepository, scanText, type CitationFinding } from './citations';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECTION = '§';
const REFERENCE = `reference ${SECTION}`;
const DESIGN = ['design', 'md'].join('.');
const WORK = ['', 'work', 'e2e', 'notes.txt'].join('/');
const ROOT_HOME = ['', 'root', '.cache'].join('/');
const DIVERGENCE = ['divergences', 'N5'].join(' ');

const rules = (findings: CitationFinding[]) => findings.map((f) => `${f.line} ${f.rule}`).sort();

describe('citations', () => {
  it('no tracked file cites the private notes, the design document or a machine path', () => {
    const findings = scanRepository(ROOT);
    expect(findings.map((f) => `${f.file}:${f.line} ${f.rule}: ${f.excerpt}`)).toEqual([]);
  });

  it('finds each kind of citation in comments, wherever the comment is', () => {
    const source = [
      `// the withdraw stays Submitted (${REFERENCE}3.4)`,
      `const pattern = /"quoted"/; /* see ${DESIGN} */`,
      `const url = 'http://x//y'; // built from ${WORK}`,
      '/**',
      ` * cached under ${ROOT_HOME} (${SECTION}6.5)`,
      ' */',
      `const s = \`a \${b /* ${REFERENCE}2 */} c\`;`,
    ].join('\n');
    expect(rules(scanText('fixtures/x.ts', source))).toEqual([
      '1 bare section number',
      '1 reference section',
      '2 design document',
      '3 machine-absolute path',
      '5 bare section number',
      '5 machine-absolute path',
      '7 bare section number',
      '7 reference section',
    ]);
  });

  it('finds a section cited in a test name or message, which a reader sees in the report', () => {
    const source = `it('accepted with 202, then Failed (${REFERENCE}12)', () => {});`;
    expect(rules(scanText('scenarios/x.spec.ts', source))).toEqual(['1 bare section number', '1 reference section']);
  });

  it('lets machine paths through as test data, and an RFC its own sections', () => {
    const source = [
      `const bundle = '${['', 'home', 'ci', 'run-1.json'].join('/')}';`,
      `const dir = "${WORK}";`,
      `// bytes as JSON as RFC 8259 ${SECTION}8.1 has it; docs/architecture.md, "Layers"`,
      `const ratio = a / b; // ${'EYBlockchain/nightfall_4_CE @ master 6ee83be : lib/src/lib.rs:41-49'}`,
    ].join('\n');
    expect(scanText('fixtures/x.test.ts', source)).toEqual([]);
  });

  it('reads YAML and shell comments after #, and Markdown as prose', () => {
    expect(rules(scanText('.github/workflows/x.yml', `key: ${WORK} # kept in ${ROOT_HOME}\n# see ${DESIGN}`))).toEqual([
      '1 machine-absolute path',
      '2 design document',
    ]);
    expect(rules(scanText('docs/x.md', `Notes live in ${WORK}; ${DIVERGENCE} says so.`))).toEqual([
      '1 divergence list',
      '1 machine-absolute path',
    ]);
  });
});
