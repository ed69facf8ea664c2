// The bench's vitest config: the project's own (vitest.config.ts) with the bench's reporters, every output under the
// run directory the bench hands over (scripts/bench-isolation.ts, fixtures/report/run-handoff.ts): the run's reports stay untouched.
import { defineConfig } from 'vitest/config';
// With its extension: vite's native configuration loader (its future default) resolves nothing else.
import base from '../vitest.config.ts';
import { runHandoff } from '../fixtures/report/run-handoff.ts';
import { benchReporters, BENCH_DIR } from './bench-isolation.ts';

const runDir = runHandoff().benchRunDir ?? `${BENCH_DIR}/run`;

export default defineConfig({ ...base, test: { ...base.test, reporters: benchReporters(runDir) } });
