import { expect, test } from './support/fixtures';
import { button, pending, shot, inspectedTests } from './support/debugger-ui';
import { connectHttp } from './support/mcp';

// browser_annotate through the UI (issue 28, item 6): the agent asks, a person draws on the page and answers.
const ui = inspectedTests();

test('annotation round trip: the agent asks, a person draws two boxes and notes, the agent gets the refs under each', async ({
  page,
  site,
}) => {
  const { errors } = await ui.start(page, site, ['--caps', 'devtools']);
  const rects = await ui.agent.call('browser_evaluate', {
    function:
      '() => JSON.stringify(["[data-testid=full-name]", "button[type=submit]"].map(s => { const r = document.querySelector(s).getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }))',
  });
  const boxes: { x: number; y: number; width: number; height: number }[] = JSON.parse(JSON.parse(rects.parsed.result!));

  const annotate = pending(ui.agent.call('browser_annotate'));
  const mode = page.getByRole('region', { name: 'Annotation mode' });
  await expect(mode).toBeVisible();
  const layer = mode.getByTestId('annotation-layer');
  const stage = (await layer.boundingBox())!;
  // The page's viewport is 1280 px wide (CSS); the picture of it is drawn smaller: boxes are placed in page pixels.
  const scale = stage.width / 1280;
  for (const box of boxes) {
    await page.mouse.move(stage.x + (box.x - 4) * scale, stage.y + (box.y - 4) * scale);
    await page.mouse.down();
    await page.mouse.move(stage.x + (box.x + box.width / 2) * scale, stage.y + (box.y + box.height / 2) * scale, {
      steps: 4,
    });
    await page.mouse.move(stage.x + (box.x + box.width + 4) * scale, stage.y + (box.y + box.height + 4) * scale, {
      steps: 4,
    });
    await page.mouse.up();
  }
  await expect(mode.getByTestId('annotation-box')).toHaveCount(2);
  await expect(mode.getByRole('textbox', { name: 'Note for box 2' })).toBeFocused();
  await mode.getByRole('textbox', { name: 'Note for box 1' }).fill('Type the full name here');
  await mode.getByRole('textbox', { name: 'Note for box 2' }).fill('Then press this');
  await mode.getByRole('textbox', { name: 'Note for the agent' }).fill('Fill the form, then submit it.');
  await shot(page, 'debugger-annotation');
  expect(annotate.settled()).toBe(false);

  await button(mode, 'Send to agent').click();
  const result = await annotate.result;
  expect(result.isError).toBe(false);
  const lines = result.text.split('\n').filter(line => /^\s+\{ x: /.test(line));
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/: Type the full name here \(under it: .*e\d+ textbox "Full name"/);
  expect(lines[1]).toMatch(/: Then press this \(under it: .*e\d+ button "Create account"/);
  expect(result.text).toContain('Fill the form, then submit it.');
  await expect(mode).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('an annotation request in a session that is not open is announced; opened, it can be cancelled', async ({
  page,
  site,
}) => {
  const { errors } = await ui.start(page, site, ['--caps', 'devtools']);
  const first = page.getByTestId('session-item').first();
  await expect(first).toHaveAttribute('aria-current', 'true');
  // A second agent: its session is listed, the first stays open (it is still running).
  const other = await connectHttp(ui.server.url);
  try {
    await other.call('browser_navigate', { url: `${site.url}/dialogs.html` });
    await expect(page.getByTestId('session-item')).toHaveCount(2);
    const second = page.getByTestId('session-item').and(page.locator('[aria-current="false"]'));
    const annotate = pending(other.call('browser_annotate'));
    await expect(page.getByRole('status').filter({ hasText: 'asks you to annotate its page (Dialogs)' })).toBeVisible();
    await expect(second.getByTestId('session-debug-badge')).toHaveText('annotate');
    await expect(page.getByRole('region', { name: 'Annotation mode' })).toHaveCount(0);

    await second.click();
    const mode = page.getByRole('region', { name: 'Annotation mode' });
    await expect(mode).toContainText('Dialogs');
    // Keyboard: a box in the middle, moved with the arrows; its note field takes the keyboard.
    await button(mode, 'Add a box').click();
    await expect(mode.getByRole('textbox', { name: 'Note for box 1' })).toBeFocused();
    await mode.getByRole('img', { name: 'Box 1' }).press('ArrowRight');
    await mode.getByRole('button', { name: 'Delete box 1' }).click();
    await expect(mode.getByTestId('annotation-box')).toHaveCount(0);
    await button(mode, 'Cancel').click();
    expect((await annotate.result).text).toContain('Annotation cancelled.');
    await expect(mode).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await other.close();
  }
});
