import { readFileSync } from 'node:fs';
import { test as base, expect } from '../support/fixtures';
import { TABLES } from './cases';
import { DIFFERENCES } from './differences';
import { Pair, runCase, type CaseRecord, type Transport } from './harness';

/**
 * Issue 17's conformance suite: every case of every table runs on ours and on @playwright/mcp in the same test, and
 * fails on a difference that the README's "Differences from Playwright MCP" does not list. Each test records how its
 * case compared (annotation `conformance`); the summary reporter totals them in test-results/conformance-summary.json.
 */

/** One pair of servers per flag set (environment, transport) and worker, shared by those cases; only the latest is open. */
const test = base.extend<{}, { pairs: (flags: string[], oursEnv?: Record<string, string>, env?: Record<string, string>, transport?: Transport) => Promise<Pair> }>({
  pairs: [async ({}, use) => {
    let open: { key: string; pair: Promise<Pair> } | undefined;
    await use(async (flags, oursEnv = {}, env = {}, transport) => {
      const key = JSON.stringify([flags, oursEnv, env, transport]);
      if (open?.key !== key) {
        if (open) await (await open.pair.catch(() => undefined))?.close();
        open = { key, pair: Pair.start(flags, oursEnv, env, transport) };
      }
      return open.pair;
    });
    if (open) await (await open.pair.catch(() => undefined))?.close();
  }, { scope: 'worker' }],
});

test.describe.configure({ mode: 'parallel' });

test('every kept difference names a bullet of the README section', () => {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.split('### Differences from Playwright MCP')[1]?.split('\n## ')[0] ?? '';
  const bullets = [...section.matchAll(/^- \*\*(.+?)\*\*/gm)].map(match => match[1]);
  for (const difference of DIFFERENCES)
    expect(bullets.some(bullet => bullet.startsWith(difference.bullet)), `${difference.id}: README bullet "${difference.bullet}"`).toBe(true);
});

for (const table of TABLES) {
  for (const testCase of table.cases) {
    const title = `${table.group}: ${testCase.name}`;
    const record = (info: CaseRecord) => test.info().annotations.push({ type: 'conformance', description: JSON.stringify(info) });
    if (testCase.fixme) {
      test(title, () => {
        record({ group: table.group, name: testCase.name, outcome: 'failing', peerPassed: true, kept: [], mismatch: testCase.fixme });
        test.fixme(true, testCase.fixme);
      });
      continue;
    }
    test(title, async ({ pairs, site }) => {
      const pair = await pairs(testCase.flags ?? [], testCase.oursEnv, testCase.env, testCase.transport);
      const result = await runCase(pair, testCase, site.url);
      record({ group: table.group, name: testCase.name, ...result });
      expect(result.mismatch, 'a difference not listed in README "Differences from Playwright MCP"').toBeUndefined();
    });
  }
}
