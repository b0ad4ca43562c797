import { basename } from 'node:path';
import { findChromium } from '../src/main/browser/discovery';
import { DeterministicPlanner } from '../src/main/negotiation/deterministic/deterministic-planner';
import {
  capturePages,
  checkSuite,
  loadSuite,
  REPORT_HEAD,
  reportRows,
  runSuite,
  STRANGER_2_SUITE_FILE,
  STRANGER_SUITE_FILE,
  SUITE_FILE,
  summarize,
} from './support/planner-suite.js';
import { expect, test } from './support/fixtures';

// The regression gates of the planner evaluation suites: the deterministic planner answers every case of
// e2e/planner/suite.yaml (issue 21) and of e2e/planner/stranger.yaml and stranger-2.yaml (issue 34: each written by
// someone who never saw the planner, half of it kept aside) on pages captured in real Chromium, and each suite's
// figures may not fall below the baseline recorded in its file. Not a per-case list: a change may trade one case for
// another, not lose ground overall.
const SUITES = [
  { file: SUITE_FILE, minCases: 300, minPages: 10 },
  { file: STRANGER_SUITE_FILE, minCases: 150, minPages: 5 },
  { file: STRANGER_2_SUITE_FILE, minCases: 250, minPages: 12 },
];

for (const { file, minCases, minPages } of SUITES) {
  test(`the deterministic planner holds its recorded accuracy on ${basename(file)}`, async ({ site }) => {
    test.setTimeout(180_000);
    const suite = await loadSuite(file);
    const pages = [...new Set(suite.cases.map(c => c.page))];
    const inputs = await capturePages(site.url, pages, findChromium());
    checkSuite(suite, inputs);
    const planner = new DeterministicPlanner();
    const results = await runSuite(suite, inputs, request => planner.plan(request));
    const all = summarize(results);
    const table = [REPORT_HEAD, ...reportRows(results)].map(row => row.join('\t')).join('\n');
    await test
      .info()
      .attach(`${basename(file, '.yaml')}.tsv`, { body: table, contentType: 'text/tab-separated-values' });
    // The kept-aside cases are counted, never named: whoever tunes the planner must not see them.
    const wrong = results
      .filter(r => r.outcome === 'wrong')
      .map(r =>
        r.case.tuned
          ? `[${r.case.page}] ${r.case.q} → ${r.answer.action} (expected ${r.case.raw})`
          : `[${r.case.page}] a kept-aside case`,
      );

    expect(suite.cases.length).toBeGreaterThanOrEqual(minCases);
    expect(pages.length).toBeGreaterThanOrEqual(minPages);
    // One point of slack: a planner change may cost a case or two elsewhere while it fixes a category.
    expect(
      all.accuracy,
      `accuracy ${(100 * all.accuracy).toFixed(1)} % against the baseline ${(100 * suite.baseline.accuracy).toFixed(1)} %\n${table}`,
    ).toBeGreaterThanOrEqual(suite.baseline.accuracy - 0.01);
    expect(all.wrong, `wrong actions:\n${wrong.join('\n')}`).toBeLessThanOrEqual(suite.baseline.wrongActions);
  });
}
