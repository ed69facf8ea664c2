// Finds citations of documents the repository does not have (issue #15). Comments cite docs/architecture.md, the
// README, or upstream sources by repository, commit and path; notes kept outside the repository (the team's numbered
// reference sections, a design document, the divergence list) and paths of one machine mean nothing to a reader.
// Comments are read per language; prose files (Markdown) are all prose. Test names and messages are strings a reader
// sees too, so the rules on sections and on documents apply to the whole text; a machine path only counts in a comment
// or prose, because tests rightly feed a CI runner's home directory and the like to the code as data.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CitationFinding {
  readonly file: string;
  readonly line: number;
  readonly rule: string;
  readonly excerpt: string;
}

interface Rule {
  readonly name: string;
  readonly pattern: RegExp;
  /** `text`: anywhere in the file; `comments`: only in comments and prose. */
  readonly scope: 'text' | 'comments';
}

const RULES: readonly Rule[] = [
  { name: 'reference section', pattern: /\breference\s*§/gi, scope: 'text' },
  // A bare section number out of those notes; an RFC's own sections ("RFC 8259 §8.1") are fine.
  { name: 'bare section number', pattern: /(?<!RFC\s*\d+\s*)§\s*\d/g, scope: 'text' },
  { name: 'design document', pattern: /\bdesign(?:\.md\b|\s*§)/gi, scope: 'text' },
  { name: 'divergence list', pattern: /\bdivergences(?:\s+N\d|-[\w-]+\.md)/gi, scope: 'text' },
  { name: 'notes outside the repository', pattern: /\bshared\/(?:reference|seeds)\b/g, scope: 'text' },
  // The two documents the project was created from are not in the repository: docs/client-api.md records the client
  // API with its upstream sources, docs/contract-event-webhooks.md the webhook service. Such a document, called a
  // seed, is cited by a quoted section title, a section sign, a possessive or as the subject of a claim; a mnemonic's,
  // a PBKDF2 or a random seed is none of those (write "the BIP39 seed's" for a mnemonic's).
  {
    name: 'seed cited as a document',
    pattern:
      /\bseeds?,?\s+["“]|\bseeds?\s*§|\bseeds?\s+(?:documents?|doc|table|endpoints?|says|said|describes|is wrong)\b|\bthe\s+seed(?:['’]s\b|:\s)|(?<![\w$.\]])\(seed[,;)]/gi,
    scope: 'text',
  },
  { name: 'machine-absolute path', pattern: /(?<![\w.~-])\/(?:work|root|home|Users)\/[\w.-]/g, scope: 'comments' },
];

/** A piece of comment (or prose) text and the 1-based line it starts on. */
interface Segment {
  readonly text: string;
  readonly line: number;
}

const C_LIKE = /\.(?:[cm]?[jt]s|tsx|jsx|sol)$/;
const HASH_COMMENTS =
  /(?:\.(?:ya?ml|sh|properties|toml)|(?:^|\/)(?:Dockerfile[^/]*|\.gitignore|\.dockerignore|\.env[^/]*))$/;
const PROSE = /\.md$/;

/** Every finding in one file's text; `file` decides how comments are read. */
export function scanText(file: string, text: string): CitationFinding[] {
  const findings: CitationFinding[] = [];
  const lines = text.split('\n');
  for (const rule of RULES.filter((r) => r.scope === 'text')) {
    lines.forEach((content, index) => {
      for (const match of content.matchAll(rule.pattern))
        findings.push(finding(file, index + 1, rule, content, match.index));
    });
  }
  for (const rule of RULES.filter((r) => r.scope === 'comments')) {
    for (const segment of commentsOf(file, text)) {
      segment.text.split('\n').forEach((content, offset) => {
        for (const match of content.matchAll(rule.pattern)) {
          findings.push(finding(file, segment.line + offset, rule, content, match.index));
        }
      });
    }
  }
  return findings.sort((a, b) => a.line - b.line || a.rule.localeCompare(b.rule));
}

/** Every finding in the files git tracks under `root` (lock files and binaries aside). */
export function scanRepository(root: string): CitationFinding[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  if (files.length === 0) throw new Error(`git ls-files listed no files under ${root}: not a checkout?`);
  return files
    .filter((file) => !/(?:^|\/)package-lock\.json$/.test(file))
    .flatMap((file) => {
      const bytes = readFileSync(join(root, file));
      if (bytes.includes(0)) return []; // binary
      return scanText(file, bytes.toString('utf8'));
    });
}

function finding(file: string, line: number, rule: Rule, content: string, at = 0): CitationFinding {
  const from = Math.max(0, at - 40);
  return { file, line, rule: rule.name, excerpt: content.slice(from, at + 60).trim() };
}

function commentsOf(file: string, text: string): Segment[] {
  if (PROSE.test(file)) return [{ text, line: 1 }];
  if (C_LIKE.test(file)) return cLikeComments(text);
  if (HASH_COMMENTS.test(file)) return hashComments(text);
  return [];
}

function hashComments(text: string): Segment[] {
  const segments: Segment[] = [];
  text.split('\n').forEach((content, index) => {
    const at = content.search(/(?:^|\s)#/);
    if (at >= 0) segments.push({ text: content.slice(at), line: index + 1 });
  });
  return segments;
}

/**
 * The comments of JavaScript, TypeScript or Solidity source: `//` and `/* … *\/`, skipping string, template and
 * regular-expression literals so that a quote or slash inside them does not open a comment. A `/` opens a regular
 * expression where an expression may start (after an operator, an opening bracket, a comma, or a keyword such as
 * `return`), as a tokenizer decides it.
 */
function cLikeComments(text: string): Segment[] {
  const segments: Segment[] = [];
  const templateDepth: number[] = []; // brace depth inside each open `${`
  let line = 1;
  let i = 0;
  let lastSignificant = ''; // the last token character outside comments, to tell a regex from a division
  let lastWord = '';
  const advance = (to: number) => {
    for (let k = i; k < to; k++) if (text[k] === '\n') line++;
    i = to;
  };
  const skipQuoted = (quote: string) => {
    let k = i + 1;
    while (k < text.length && text[k] !== quote && text[k] !== '\n') k += text[k] === '\\' ? 2 : 1;
    advance(Math.min(k + 1, text.length));
  };
  // Inside a template literal: returns at its closing backtick, or just after a `${` (pushing a depth).
  const skipTemplate = () => {
    let k = i;
    while (k < text.length) {
      if (text[k] === '\\') k += 2;
      else if (text[k] === '`') {
        advance(k + 1);
        return;
      } else if (text[k] === '$' && text[k + 1] === '{') {
        advance(k + 2);
        templateDepth.push(0);
        return;
      } else k++;
    }
    advance(text.length);
  };
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      segments.push({ text: text.slice(i, stop), line });
      advance(stop);
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      segments.push({ text: text.slice(i, stop), line });
      advance(stop);
    } else if (c === '"' || c === "'") {
      skipQuoted(c);
      lastSignificant = c;
      lastWord = '';
    } else if (c === '`') {
      advance(i + 1);
      skipTemplate();
      lastSignificant = '`';
      lastWord = '';
    } else if (c === '/' && regexMayStart(lastSignificant, lastWord)) {
      let k = i + 1;
      let inClass = false;
      while (k < text.length && text[k] !== '\n') {
        if (text[k] === '\\') k += 2;
        else if (text[k] === '[') {
          inClass = true;
          k++;
        } else if (text[k] === ']') {
          inClass = false;
          k++;
        } else if (text[k] === '/' && !inClass) break;
        else k++;
      }
      advance(Math.min(k + 1, text.length));
      lastSignificant = '/';
      lastWord = '';
    } else if (c === '{' && templateDepth.length > 0) {
      templateDepth[templateDepth.length - 1]!++;
      lastSignificant = c;
      advance(i + 1);
    } else if (c === '}' && templateDepth.length > 0 && templateDepth[templateDepth.length - 1] === 0) {
      templateDepth.pop();
      advance(i + 1);
      skipTemplate();
      lastSignificant = '`';
      lastWord = '';
    } else {
      if (c === '}' && templateDepth.length > 0) templateDepth[templateDepth.length - 1]!--;
      if (/[\w$]/.test(c)) lastWord = /[\w$]/.test(text[i - 1] ?? '') ? lastWord + c : c;
      if (!/\s/.test(c)) lastSignificant = c;
      advance(i + 1);
    }
  }
  return segments;
}

const KEYWORDS_BEFORE_EXPRESSION = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
]);

function regexMayStart(lastSignificant: string, lastWord: string): boolean {
  if (lastSignificant === '') return true;
  if (/[\w$]/.test(lastSignificant)) return KEYWORDS_BEFORE_EXPRESSION.has(lastWord);
  return !/[)\]}'"`]/.test(lastSignificant);
}
