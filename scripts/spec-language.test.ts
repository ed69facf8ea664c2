// Issue #27 stays fixed: no spec body skips through a per-build helper or decides by the build or contract generation
// (scripts/spec-language.ts). The samples prove the scanner finds each kind, and leaves the language's declarations be.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scanScenarios, scanSpec } from './spec-language';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const rules = (source: string) => scanSpec('scenarios/x.spec.ts', source).map((f) => `${f.line} ${f.rule}`);

describe('the spec language', () => {
  it('no scenario file skips through a per-build helper or compares a build or contract generation', () => {
    expect(scanScenarios(ROOT).map((f) => `${f.file}:${f.line} ${f.rule}: ${f.excerpt}`)).toEqual([]);
  });

  it('finds the retired helpers, build and generation comparisons and reads of a build trait', () => {
    const source = [
      "await skipForBuild(context, bob.build, bob.build.deEscrow === 'automatic', 'no route');",
      "const fate = target.clients.build === 'plume' ? 'kept' : 'released';",
      "if (target.contractGeneration === 'plume') it('pays nothing', () => {});",
      "await checkOnlyWhere(bob.build.saltSources.includes('request-status'), 'salt', 'not there', check);",
      "if ('skip' in configured) return nothingToTest(context, target, configured.skip);",
    ].join('\n');
    expect(rules(source)).toEqual([
      '1 retired helper skipForBuild',
      '1 build or generation comparison',
      "1 reads the build's deEscrow",
      '2 build or generation comparison',
      "2 reads the target's configured build",
      '3 build or generation comparison',
      '3 reads the contract generation',
      '4 retired helper checkOnlyWhere',
      "4 reads the build's saltSources",
      '5 retired helper nothingToTest',
    ]);
  });

  it('leaves declarations of needs and assertions about the fingerprint alone', () => {
    const source = [
      "it('a second de-escrow', needing(() => deEscrowRoute(bob, 'it cannot be asked'), async () => {}));",
      'expect(describeBuild(bob.build), "Bob\'s client build").toBe(describeBuild(alice.build));',
      'expect(alice.build.mismatches).toEqual([]);',
      'const fate = byFailedSpendInputs(target, { "left-reserved": "kept", released: "released" });',
    ].join('\n');
    expect(rules(source)).toEqual([]);
  });
});
