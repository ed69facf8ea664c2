// The promotion lane by hand (fixtures/report/trends/promotion.ts, docs/gates.md). A new scenario file is a candidate —
// reported, its failures never failing the run — until the trends history holds 20 green runs of it on the same target
// and pairing; nothing needs writing here for that. Write here only to overrule the history:
//   { file, decision: 'promote', since, owner, reason }: the file blocks from now on, whatever its green runs;
//   { file, decision: 'demote', since, owner, reason }: the file is a candidate again until it has 20 green runs
//     started on or after `since` (YYYY-MM-DD).
// The latest decision of a file holds; remove a decision once it no longer matters.
import type { HandDecision } from '../fixtures/report/trends/promotion';

export const PROMOTIONS: readonly HandDecision[] = [];
