// Every E2E_* name a reader meets must be one the harness reads today (issue #27): the documents, .env.example, the
// profiles, the workflows and the code's comments. A name the harness reads is one written in its code outside a
// comment (tests excluded: they plant names). Two exceptions: docs/configuration.md's table of former names, and the
// workflows' own secrets and variables (`secrets.X`, `vars.X`), which the workflow reads, not the harness.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE_DIRS = ['fixtures', 'scripts', 'scenarios', 'lib', 'docker'];
const SOURCE_FILE = /\.(ts|mts|cts|js|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'build', 'dist']);
const FORMER_NAMES_HEADING = '## Where each former name went';
const NAME = /\bE2E_[A-Z0-9_]*/g;

function filesUnder(dir: string, wanted: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(path, wanted);
    return wanted.test(entry.name) ? [path] : [];
  });
}

function harnessSources(): string[] {
  const rootConfigs = readdirSync(ROOT).filter(
    (name) => /\.config\.(ts|mjs|cjs)$/.test(name) || name === 'allurerc.mjs',
  );
  return [
    ...SOURCE_DIRS.flatMap((dir) => filesUnder(join(ROOT, dir), SOURCE_FILE)).filter(
      (file) => !file.endsWith('.test.ts'),
    ),
    ...rootConfigs.map((name) => join(ROOT, name)),
  ];
}

/** The text without its comments (block, and line comments not inside a URL such as `http://`). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
}

/** The tokens of a text; `E2E_` alone is the family, not a name. */
function namesIn(text: string): string[] {
  return [...text.matchAll(NAME)].map(([token]) => token).filter((token) => token !== 'E2E_');
}

/** Each unknown name of a text, with the line it is on. */
function unknownNames(text: string, known: ReadonlySet<string>): string[] {
  return text.split('\n').flatMap((line, index) =>
    namesIn(line)
      .filter((name) => !known.has(name))
      .map((name) => `${index + 1}: ${name}`),
  );
}

function namesTheHarnessReads(): Set<string> {
  return new Set([...harnessSources().flatMap((file) => namesIn(withoutComments(readFileSync(file, 'utf8'))))]);
}

/** What a reader meets, each with the part of it that must name only known settings. */
function readerFacingTexts(): { file: string; text: string }[] {
  const docs = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => join('docs', name)),
  ];
  const others = [
    '.env.example',
    ...readdirSync(join(ROOT, 'profiles'))
      .filter((name) => name.endsWith('.toml'))
      .map((name) => join('profiles', name)),
    ...readdirSync(join(ROOT, '.github/workflows'))
      .filter((name) => /\.ya?ml$/.test(name))
      .map((name) => join('.github/workflows', name)),
  ];
  const texts = [...docs, ...others].map((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    return { file, text: file === 'docs/configuration.md' ? text.split(FORMER_NAMES_HEADING)[0]! : text };
  });
  // The code's comments: the code itself reads only known names by definition.
  const comments = harnessSources().map((file) => {
    const source = readFileSync(file, 'utf8');
    const code = new Set(namesIn(withoutComments(source)));
    return {
      file: relative(ROOT, file),
      text: namesIn(source)
        .filter((name) => !code.has(name))
        .join('\n'),
    };
  });
  return [...texts, ...comments];
}

/** The workflows' own secrets and variables (`secrets.X`, `vars.X`): the CI's names, not the harness's. */
function workflowSecretNames(): string[] {
  const dir = join(ROOT, '.github/workflows');
  return readdirSync(dir).flatMap((name) =>
    [...readFileSync(join(dir, name), 'utf8').matchAll(/\b(?:secrets|vars)\.(E2E_[A-Z0-9_]+)/g)].map(
      (match) => match[1]!,
    ),
  );
}

describe('the E2E_* names a reader meets', () => {
  const known = namesTheHarnessReads();

  it('are all read by the harness (docs, .env.example, profiles, workflows, comments)', () => {
    const workflowNames = new Set([...known, ...workflowSecretNames()]);
    const unknown = readerFacingTexts().flatMap(({ file, text }) =>
      unknownNames(text, file.startsWith('.github/') ? workflowNames : known).map((found) => `${file}:${found}`),
    );
    expect(unknown, 'names the harness no longer reads; docs/configuration.md says what each became').toEqual([]);
  });

  it('catches a former name planted in a document', () => {
    const planted = '# Devnet\nSet `E2E_DEVNET=head`.\nOr `E2E_DEVNET_BATCH_WINDOW=120` for the test network pace.\n';
    expect(unknownNames(planted, known)).toEqual(['3: E2E_DEVNET_BATCH_WINDOW']);
  });

  it('knows the settings the harness reads, and not the former ones', () => {
    expect(known.has('E2E_DEVNET') && known.has('E2E_PROFILE')).toBe(true);
    expect(known.has('E2E_TESTNET_CHAIN_ID')).toBe(false);
  });
});
