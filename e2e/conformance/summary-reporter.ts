import { mkdirSync, writeFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import type { CaseRecord } from './harness';

/**
 * Totals the conformance cases of a run (identical, kept, failing; per group) into test-results/conformance-summary.json,
 * the figures issue 17's closing note quotes. Written only when conformance cases ran.
 */
export default class ConformanceSummary implements Reporter {
  private readonly records = new Map<string, CaseRecord>();

  onTestEnd(test: TestCase, result: TestResult) {
    const annotation = [...result.annotations, ...test.annotations].find(a => a.type === 'conformance');
    if (annotation?.description) this.records.set(test.id, JSON.parse(annotation.description));
  }

  onEnd() {
    if (!this.records.size) return;
    const records = [...this.records.values()];
    const count = (list: CaseRecord[]) => {
      const peerPassed = list.filter(r => r.peerPassed);
      const oursToo = peerPassed.filter(r => r.outcome !== 'failing');
      return {
        cases: list.length,
        identical: list.filter(r => r.outcome === 'identical').length,
        kept: list.filter(r => r.outcome === 'kept').length,
        failing: list.filter(r => r.outcome === 'failing').length,
        peerPassed: peerPassed.length,
        peerPassCoverage: peerPassed.length ? Math.round((oursToo.length / peerPassed.length) * 1000) / 10 : 100,
      };
    };
    const groups = [...new Set(records.map(r => r.group))];
    const keptDifferences: Record<string, number> = {};
    for (const r of records) for (const id of r.kept) keptDifferences[id] = (keptDifferences[id] ?? 0) + 1;
    const summary = {
      ...count(records),
      keptDifferences,
      groups: Object.fromEntries(groups.map(group => [group, count(records.filter(r => r.group === group))])),
      failingCases: records.filter(r => r.outcome === 'failing').map(r => `${r.group}: ${r.name}`),
    };
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/conformance-summary.json', JSON.stringify(summary, null, 2) + '\n');
    // The mismatches in full, to read when fixing them.
    writeFileSync(
      'test-results/conformance-mismatches.txt',
      records
        .filter(r => r.mismatch)
        .map(r => `==== ${r.group}: ${r.name}\n${r.mismatch}`)
        .join('\n\n') + '\n',
    );
  }

  printsToStdio() {
    return false;
  }
}
