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
const SEED = ['se', 'ed'].join('');

const rules = (findings: CitationFinding[]) => findings.map((f) => `${f.line} ${f.rule}`).sort();

describe('citations', () => {
  it('no tracked file cites the private notes, the design document, the documents the project started from or a machine path', () => {
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

  it('finds the documents the project was created from cited as a seed, in comments, test names and prose', () => {
    const source = [
      `// The typed client (${SEED} "Endpoints"; upstream : mod.rs:37-62)`,
      `// A withdrawal in two phases (${SEED}, "Withdrawal procedure")`,
      `/** ERC1155 1, ERC721 2 — the ${SEED}'s table swaps 1 and 2. */`,
      `// as the ${SEED}’s reference receiver does (${SEED} ${SECTION}4)`,
      `it('is accepted (the ${SEED} says it is not)', () => {});`,
      `depositConfirmed: 30, // the ${SEED}: "usually about 30 minutes"`,
      `// Amounts are 64 hex digits (${SEED}); the ${SEED.toUpperCase()} document replaced the brand word`,
      `// the deriveKey quirks (${SEED} endpoint table)`,
    ].join('\n');
    expect(rules(scanText('fixtures/x.ts', source)).filter((r) => r.endsWith('seed cited as a document'))).toEqual(
      ['1', '2', '3', '4', '4', '5', '6', '7', '7', '8'].map((line) => `${line} seed cited as a document`),
    );
    expect(
      rules(scanText('README.md', `### Token-type codes: the ${SEED} is wrong\nThe ${SEED}'s table says 1 = ERC-721.`)),
    ).toEqual(['1 seed cited as a document', '2 seed cited as a document']);
  });

  it('lets a mnemonic’s, a PBKDF2, a random or a fast-check seed through', () => {
    const source = [
      `const privateKey = HDKey.fromMasterSeed(${SEED}).derive(childPath).privateKey;`,
      `function rootKeyFromSeed(${SEED}: Uint8Array, childPath: string): bigint {`,
      `/** The keys of a mnemonic by index (the ${SEED} is stretched once: PBKDF2 is deliberately slow). */`,
      `// the BIP39 ${SEED}'s PBKDF2 runs off the event loop; BIP39 ${SEED} (no passphrase) → BIP32 key`,
      `fc.assert(property, { ${SEED}: 42, path: "0:1" });`,
      `const config = { "${SEED}": 7 }; // a random ${SEED} per run, printed so a failure can be replayed`,
      `it('derives what deriveKeys derives (the JavaScript BIP39 ${SEED})', () => {});`,
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
