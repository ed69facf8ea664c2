// Finds relative links in the README and docs/ that lead nowhere: a file that is not there, or a heading the linked
// page does not have. Moving prose between pages is how links break; the test beside this module holds them whole.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export interface BrokenLink {
  readonly file: string;
  readonly line: number;
  readonly target: string;
  readonly reason: string;
}

const LINK = /\[[^\]]*\]\(([^)\s]+)\)/g;
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** The documents whose links are held: the README and every page under docs/. */
export function documentFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name));
  return ['README.md', ...docs.sort()];
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  return new Set(
    proseLines(markdown).flatMap(({ text }) => /^#{1,6}\s+(.*)$/.exec(text)?.slice(1).map(headingAnchor) ?? []),
  );
}

/** The lines outside fenced code blocks, numbered from 1, with inline code blanked out (a link there is an example). */
function proseLines(markdown: string): { text: string; line: number }[] {
  let fenced = false;
  return markdown.split('\n').flatMap((text, index) => {
    if (/^\s*```/.test(text)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ text: text.replace(/`[^`]*`/g, ''), line: index + 1 }];
  });
}

/** Every relative link of `markdown` (written at `file`, relative to `root`) that leads nowhere. */
export function brokenLinks(root: string, file: string, markdown: string): BrokenLink[] {
  return proseLines(markdown).flatMap(({ text, line }) =>
    [...text.matchAll(LINK)].flatMap((match): BrokenLink[] => {
      const target = match[1]!;
      if (EXTERNAL.test(target)) return [];
      const [path, anchor] = target.split('#', 2) as [string, string | undefined];
      const resolved = path === '' ? join(root, file) : join(root, dirname(file), decodeURI(path));
      if (!existsSync(resolved)) return [{ file, line, target, reason: `no file ${relative(root, resolved)}` }];
      if (anchor === undefined || !resolved.endsWith('.md')) return [];
      const anchors = anchorsOf(path === '' ? markdown : readFileSync(resolved, 'utf8'));
      return anchors.has(anchor)
        ? []
        : [{ file, line, target, reason: `no heading #${anchor} in ${relative(root, resolved)}` }];
    }),
  );
}
