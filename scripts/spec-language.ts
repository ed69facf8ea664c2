// Issue #27: a spec body declares what it needs and asserts what must hold; it never decides by the build or the
// contract generation. What differs between builds lives in fixtures/ (needs such as `deEscrowRoute`, verbs and
// expectations that choose, e.g. `claim()`, `assetDeEscrowOn`); where a scenario file applies is declared in
// scenarios/where-they-apply.ts. This scanner finds, in the scenarios' sources, the skip helpers that needs replaced
// and any build or generation comparison, by reading each file's syntax tree (typescript's own parser).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** Helpers that skipped or branched per build inside a test; a spec declares a need instead. */
const RETIRED_HELPERS = [
  'skipForBuild',
  'skipWhereFailedSpendStrandsRealValue',
  'checkOnlyWhere',
  'nothingToTest',
  'erc3525DeEscrowDefect',
  'skipBecause',
  'failedSpendInputsOf',
];

/** A fingerprinted build's traits that decide what a test does (its `mismatches` and `evidence` are asserted, not used). */
const BUILD_TRAITS = ['name', 'requestIds', 'requestIdsFrom', 'deriveKey', 'deEscrow', 'saltSources'];

/** The files of scenarios/ that are declarations about builds and targets by design, not spec bodies. */
const DECLARATIONS = ['where-they-apply.ts', 'promotions.ts'];

export interface SpecFinding {
  readonly file: string;
  readonly line: number;
  readonly rule: string;
  readonly excerpt: string;
}

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** Names a build or a generation: `x.build`, `build.y`, `contractGeneration`, `generation`. */
const BUILD_OR_GENERATION = /\bbuild\b|generation/i;

/** What in `source` (a scenario file's text) decides by the build or generation, or skips through a retired helper. */
export function scanSpec(file: string, source: string): SpecFinding[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const findings: SpecFinding[] = [];
  const report = (node: ts.Node, rule: string) =>
    findings.push({
      file,
      line: tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1,
      rule,
      excerpt: node.getText(tree).replace(/\s+/g, ' ').slice(0, 120),
    });
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && RETIRED_HELPERS.includes(node.text)) report(node, `retired helper ${node.text}`);
    if (
      ts.isBinaryExpression(node) &&
      EQUALITY.has(node.operatorToken.kind) &&
      [node.left, node.right].some((side) => BUILD_OR_GENERATION.test(side.getText(tree)))
    )
      report(node, 'build or generation comparison');
    if (ts.isPropertyAccessExpression(node)) {
      const owner = node.expression;
      if (ts.isPropertyAccessExpression(owner) && owner.name.text === 'build' && BUILD_TRAITS.includes(node.name.text))
        report(node, `reads the build's ${node.name.text}`);
      if (node.name.text === 'contractGeneration') report(node, 'reads the contract generation');
      if (node.name.text === 'build' && ts.isPropertyAccessExpression(owner) && owner.name.text === 'clients')
        report(node, "reads the target's configured build");
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return findings;
}

/** Every finding in the scenario files under `root`/scenarios. */
export function scanScenarios(root: string): SpecFinding[] {
  const dir = join(root, 'scenarios');
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.ts') && !DECLARATIONS.includes(name))
    .flatMap((name) => scanSpec(relative(root, join(dir, name)), readFileSync(join(dir, name), 'utf8')));
}
