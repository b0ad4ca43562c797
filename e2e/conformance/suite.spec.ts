import { readFileSync } from 'node:fs';
import { test as base, expect } from '../support/fixtures';
import { TABLES } from './cases';
import { DIFFERENCES } from './differences';
import { Pair, runCase, type Case, type CaseRecord } from './harness';

/**
 * Issue 17's conformance suite: every case of every table runs on ours and on @playwright/mcp in the same test, and
 * fails on a difference that the README's "Differences from Playwright MCP" does not list. Each test records how its
 * case compared (annotation `conformance`); the summary reporter totals them in test-results/conformance-summary.json.
 */

/** The flag set of a case (flags, environments, transport): cases with the same one share a pair of servers. */
const pairKey = (testCase: Case) =>
  JSON.stringify([testCase.flags ?? [], testCase.oursEnv ?? {}, testCase.env ?? {}, testCase.transport]);

/** One pair of servers per flag set and worker, shared by those cases; only the latest is open. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Playwright's way to say: no test-scoped fixtures
const test = base.extend<{}, { pairs: (testCase: Case) => Promise<Pair> }>({
  pairs: [
    async ({}, use) => {
      let open: { key: string; pair: Promise<Pair> } | undefined;
      await use(async testCase => {
        const key = pairKey(testCase);
        if (open?.key !== key) {
          if (open) await (await open.pair.catch(() => undefined))?.close();
          open = { key, pair: Pair.start(testCase.flags ?? [], testCase.oursEnv, testCase.env, testCase.transport) };
        }
        return open.pair;
      });
      if (open) await (await open.pair.catch(() => undefined))?.close();
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ mode: 'parallel' });

test('every kept difference names a bullet of the README section', () => {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.split('### Differences from Playwright MCP')[1]?.split('\n## ')[0] ?? '';
  const bullets = [...section.matchAll(/^- \*\*(.+?)\*\*/gm)].map(match => match[1]);
  for (const difference of DIFFERENCES)
    expect(
      bullets.some(bullet => bullet.startsWith(difference.bullet)),
      `${difference.id}: README bullet "${difference.bullet}"`,
    ).toBe(true);
});

/**
 * The cases of each flag set, in table order. A pair of servers costs a few seconds of CPU to start (two servers and a
 * Chromium): were each case a job of its own, the two workers would take turns through the tables and start the pair of
 * each flag set once each, and again on every return to the default flags.
 */
const flagSets = new Map<string, { group: string; testCase: Case }[]>();
for (const table of TABLES) {
  for (const testCase of table.cases) {
    const key = pairKey(testCase);
    flagSets.set(key, [...(flagSets.get(key) ?? []), { group: table.group, testCase }]);
  }
}

/** Cases per job: a larger flag set is split so that both workers share it, each starting its pair once. */
const JOB_SIZE = 20;

let job = 0;
for (const cases of flagSets.values()) {
  for (let first = 0; first < cases.length; first += JOB_SIZE) {
    // The title is a number: the flag sets name temporary files, whose paths differ from one worker to the next.
    test.describe(`flag set ${++job}`, () => {
      // One job, run in order on one worker, which keeps its pair of servers from one case to the next.
      test.describe.configure({ mode: 'default' });
      for (const { group, testCase } of cases.slice(first, first + JOB_SIZE)) defineCase(group, testCase);
    });
  }
}

function defineCase(group: string, testCase: Case) {
  const title = `${group}: ${testCase.name}`;
  const record = (info: CaseRecord) =>
    test.info().annotations.push({ type: 'conformance', description: JSON.stringify(info) });
  if (testCase.fixme) {
    test(title, () => {
      record({ group, name: testCase.name, outcome: 'failing', peerPassed: true, kept: [], mismatch: testCase.fixme });
      test.fixme(true, testCase.fixme);
    });
    return;
  }
  test(title, async ({ pairs, site }) => {
    const result = await runCase(await pairs(testCase), testCase, site.url);
    record({ group, name: testCase.name, ...result });
    expect(result.mismatch, 'a difference not listed in README "Differences from Playwright MCP"').toBeUndefined();
  });
}
