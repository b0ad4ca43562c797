import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { InspectorEvent, StepTokensEvent } from '../src/shared/events';
import { openSession } from '../src/main/sessions/session-reader';
import { imageSize } from '../src/main/tokens/image-size';
import { imageTokens } from '../src/main/tokens/image-tokens';
import { expect, test } from './support/fixtures';
import { connectHttp, connectStdio, refOf, startHttpServer } from './support/mcp';
import { openInspector, stepRow } from './support/ui';

/** The text of one `### Title` section, heading included, as it stands in the response. */
function sectionText(text: string, title: string): string {
  const start = text.indexOf(`### ${title}\n`);
  const next = text.indexOf('\n### ', start + 1);
  return next < 0 ? text.slice(start) : text.slice(start, next + 1);
}

test("a recording gets each call's tokens, counted from the text the agent received, before the session's end", async ({
  site,
  workspace,
}) => {
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio(['--session-dir', sessions], { cwd: workspace });
  const received = [];
  const navigate = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
  received.push(navigate);
  received.push(
    await mcp.call('browser_click', { target: refOf(navigate.parsed.snapshot?.yaml, /checkbox "I accept the terms"/) }),
  );
  received.push(await mcp.call('browser_snapshot'));
  received.push(await mcp.call('browser_take_screenshot'));
  await mcp.close();

  const dir = join(sessions, readdirSync(sessions)[0]);
  const records = readFileSync(join(dir, 'events.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map(line => JSON.parse(line) as InspectorEvent);
  const types = records.map(record => record.type);
  expect(types.at(-1)).toBe('session-ended');
  const counts = records.filter((record): record is StepTokensEvent => record.type === 'step-tokens');
  expect(counts.map(count => count.seq)).toEqual([1, 2, 3, 4]);
  for (const count of counts) {
    // Each count comes after its call's record.
    const callIndex = records.findIndex(record => record.type === 'tool-call' && record.seq === count.seq);
    expect(records.indexOf(count)).toBeGreaterThan(callIndex);
  }

  received.forEach((result, index) => {
    const { tokens } = counts[index];
    const text = result.text;
    const image = result.images[0];
    const imageCost = image ? imageTokens(imageSize(Buffer.from(image.data, 'base64'))!) : 0;
    expect(tokens.encoding).toBe('o200k_base');
    expect(tokens.total.tokens, `step ${index + 1}`).toBe(countTokens(text) + imageCost);
    expect(tokens.total.bytes).toBe(Buffer.byteLength(text) + (image?.data.length ?? 0));
    if (result.parsed.snapshot?.yaml !== undefined) {
      const snapshot = tokens.sections.find(section => section.name === 'Snapshot');
      expect(snapshot?.tokens).toBe(countTokens(sectionText(text, 'Snapshot')));
    }
    if (image) expect(tokens.sections.at(-1)).toMatchObject({ name: 'Image', tokens: imageCost, estimate: true });
  });
  expect(counts[0].tokens.sections.map(section => section.name)).toEqual(
    expect.arrayContaining(['Ran Playwright code', 'Page', 'Snapshot']),
  );
  // Reading the recording merges each count with its step.
  const recorded = await openSession(dir);
  expect(recorded.steps.map(step => recorded.tokens.get(step.seq))).toEqual(counts.map(count => count.tokens));
});

test('--no-token-count records no counts', async ({ site, workspace }) => {
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio(['--session-dir', sessions, '--no-token-count'], { cwd: workspace });
  await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
  await mcp.close();
  const events = readFileSync(join(sessions, readdirSync(sessions)[0], 'events.jsonl'), 'utf8');
  expect(events).toContain('"type":"tool-call"');
  expect(events).toContain('"type":"session-ended"');
  expect(events).not.toContain('"type":"step-tokens"');
});

test('web mode: the token chart has a bar per step, a click selects its step, the timeline shows counts', async ({
  site,
}) => {
  const server = await startHttpServer([], 'serve');
  const { browser, page, errors } = await openInspector(server.url);
  const agent = await connectHttp(server.url);
  try {
    const navigate = await agent.call('browser_navigate', { url: `${site.url}/form.html` });
    await agent.call('browser_click', {
      target: refOf(navigate.parsed.snapshot?.yaml, /checkbox "I accept the terms"/),
    });
    await agent.call('browser_snapshot');
    const chart = page.getByTestId('token-chart');
    await expect(chart).toContainText('Tokens (o200k_base; images estimated)');
    await expect(chart.getByTestId('token-chart-svg')).toHaveAttribute('data-bars', '3');
    await expect(chart.locator('path[data-section="Snapshot"]')).toHaveAttribute('d', /^(M[^M]+){3}$/);
    await expect(chart.getByTestId('token-chart-mark')).toHaveCount(3);

    const navigateTokens = countTokens(navigate.text);
    await expect(stepRow(page, 1).getByTestId('step-tokens')).toHaveText(/^[\d.]+k? tok$/);
    await expect(stepRow(page, 1).getByTestId('step-tokens')).toHaveAttribute(
      'title',
      new RegExp(`^${navigateTokens.toLocaleString('en-US')} tokens`),
    );
    await expect(stepRow(page, 3).getByTestId('step-tokens')).toBeVisible();

    // The first of three bars selects step 1.
    const hit = chart.getByTestId('token-chart-hit');
    const box = (await hit.boundingBox())!;
    await hit.click({ position: { x: box.width / 6, y: box.height - 2 } });
    await expect(stepRow(page, 1)).toHaveAttribute('aria-selected', 'true');
    await expect(chart.getByTestId('token-chart-readout')).toContainText('#1 navigate');

    await chart.getByTestId('token-totals-toggle').click();
    await expect(chart.getByTestId('token-totals-tools').locator('tr[data-tool="browser_navigate"]')).toBeVisible();
    await expect(chart.getByTestId('token-totals-sections').locator('tr[data-section="Snapshot"]')).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await agent.close();
    await browser.close();
    await server.stop();
  }
});
