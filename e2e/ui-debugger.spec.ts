import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DEFAULT_SKIP_TEXT } from '../src/shared/debugger';
import { expect, test } from './support/fixtures';
import {
  bar,
  button,
  clickAsPerson,
  connectHttpWithToken,
  heldPanel,
  openUi,
  pending,
  setEditorText,
  shot,
  inspectedTests,
} from './support/debugger-ui';
import { refOf, startHttpServer } from './support/mcp';
import { freePort } from './support/person';
import { stepRow } from './support/ui';

const ui = inspectedTests();

test('Pause holds the next call: a pending row, the held call, the page as it is now; Step runs it and holds the next; Continue', async ({
  page,
  site,
}) => {
  const { errors, yaml } = await ui.start(page, site);
  const terms = refOf(yaml, /checkbox "I accept the terms"/);

  await button(bar(page), 'Pause').click();
  await expect(bar(page).getByTestId('debug-state')).toHaveText('Paused — the next call will be held');
  await expect(button(bar(page), 'Pause')).toBeDisabled();

  const click = pending(ui.agent.call('browser_click', { target: terms }));
  const row = page.getByTestId('pending-step');
  await expect(row).toBeVisible();
  await expect(row).toContainText('click');
  await expect(row.getByTestId('pending-waiting')).toHaveText('waiting');
  await expect(row.getByTestId('pending-args')).toHaveText(terms);
  await expect(row.getByTestId('pending-reason')).toHaveText('paused by a person');
  await expect(bar(page).getByTestId('debug-state')).toHaveText('Held: browser_click — paused by a person');
  await expect(bar(page).getByTestId('debug-clock')).toContainText(/\d+ s · runs as sent in \d+:\d\d/);

  const held = heldPanel(page);
  await expect(held.getByTestId('held-tool')).toHaveText('browser_click');
  await expect(held.getByTestId('held-reason')).toHaveText('paused by a person');
  expect(JSON.parse((await held.getByTestId('held-args').textContent())!)).toEqual({ target: terms });
  for (const name of ['Edit arguments', 'Skip', 'Step', 'Continue']) await expect(button(held, name)).toBeEnabled();
  // The page view shows the live page now, by itself.
  await expect(page.getByTestId('page-now')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Now', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // The session list says a person is needed.
  await expect(page.getByTestId('session-debug-badge')).toHaveText('held');
  await page.waitForTimeout(1_200);
  expect(click.settled()).toBe(false);
  await expect(page.getByTestId('timeline-step')).toHaveCount(1);
  await shot(page, 'debugger-paused-held');
  await page.getByTestId('theme-toggle').click();
  await shot(page, 'debugger-paused-held-dark');
  await page.getByTestId('theme-toggle').click();

  // Step runs it (the agent gets its answer) and holds the next call.
  await button(held, 'Step').click();
  const clicked = await click.result;
  expect(clicked.isError).toBe(false);
  await expect(page.getByTestId('timeline-step')).toHaveCount(2);
  await expect(row).toHaveCount(0);
  await expect(bar(page).getByTestId('debug-state')).toHaveText('Paused — the next call will be held');
  await expect(stepRow(page, 2).locator('[data-kind="held"]')).toHaveText(/^held \d+ s$/);
  await expect(stepRow(page, 2).locator('[data-kind="held"]')).toHaveAttribute('title', /paused by a person/);

  // F7 steps: the snapshot runs and the next call is held; F9 continues: it runs and nothing is held after it.
  const snapshot = pending(ui.agent.call('browser_snapshot'));
  await expect(row).toContainText('snapshot');
  await page.keyboard.press('F7');
  expect((await snapshot.result).isError).toBe(false);
  const tabs = pending(ui.agent.call('browser_tabs', { action: 'list' }));
  await expect(row).toContainText('tabs');
  await page.keyboard.press('F9');
  expect((await tabs.result).isError).toBe(false);
  await expect(bar(page).getByTestId('debug-state')).toHaveText('Running');
  await expect(page.getByTestId('held-call')).toHaveCount(0);
  await ui.agent.call('browser_snapshot');
  await expect(page.getByTestId('timeline-step')).toHaveCount(5);

  // F6 pauses, F9 continues without a held call.
  await page.keyboard.press('F6');
  await expect(bar(page).getByTestId('debug-state')).toHaveText('Paused — the next call will be held');
  await page.keyboard.press('F9');
  await expect(bar(page).getByTestId('debug-state')).toHaveText('Running');
  expect(errors).toEqual([]);
});

test('Edit arguments: invalid JSON or arguments are refused in the dialog and nothing runs; the edited target runs', async ({
  page,
  site,
}) => {
  const { errors, yaml } = await ui.start(page, site);
  const terms = refOf(yaml, /checkbox "I accept the terms"/);
  const pro = refOf(yaml, /radio "Pro"/);

  await button(bar(page), 'Pause').click();
  // The server has the pause before the agent calls (a click is only a request to it).
  await expect(bar(page).getByTestId('debug-state')).toHaveText('Paused — the next call will be held');
  const click = pending(ui.agent.call('browser_click', { target: terms }));
  const held = heldPanel(page);
  await expect(held.getByTestId('held-tool')).toHaveText('browser_click');

  await button(held, 'Edit arguments').click();
  const dialog = page.getByRole('dialog', { name: 'Edit arguments' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('schema-summary')).toContainText('target');
  const editor = dialog.getByTestId('edit-args-editor');
  await expect(editor).toContainText(terms);

  await setEditorText(page, editor, '{"target": ');
  await button(dialog, 'Apply').click();
  await expect(dialog.getByTestId('edit-args-error')).toContainText('The arguments are not valid JSON');
  await setEditorText(page, editor, `{"target": "${pro}", "nonsense": 1}`);
  await button(dialog, 'Apply').click();
  await expect(dialog.getByTestId('edit-args-error')).toContainText('nonsense');
  await expect(dialog).toBeVisible();
  await shot(page, 'debugger-edit-arguments');
  expect(click.settled()).toBe(false);

  // Ctrl+Enter applies a valid edit; the held call shows it, and runs it on Continue.
  await setEditorText(page, editor, `{"target": "${pro}"}`);
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(dialog).toHaveCount(0);
  await expect(held.getByTestId('held-args-edited')).toBeVisible();
  expect(JSON.parse((await held.getByTestId('held-args').textContent())!)).toEqual({ target: pro });
  expect(click.settled()).toBe(false);
  await button(held, 'Continue').click();
  expect((await click.result).isError).toBe(false);

  // The page saw the person's target, not the agent's.
  const checked = await ui.agent.call('browser_evaluate', {
    function:
      '() => [document.querySelector("[name=terms]").checked, document.querySelector("[value=pro]").checked].join()',
  });
  expect(checked.parsed.result).toBe('"false,true"');
  await expect(stepRow(page, 2).locator('[data-kind="args-edited"]')).toBeVisible();
  await stepRow(page, 2).click();
  await page.getByRole('tab', { name: 'Response' }).click();
  const note = page.getByTestId('debug-note');
  await expect(note.locator('[data-kind="args-edited"]')).toContainText('Arguments edited');
  expect(JSON.parse((await note.getByTestId('debug-pair-a').textContent())!)).toEqual({ target: terms });
  expect(JSON.parse((await note.getByTestId('debug-pair-b').textContent())!)).toEqual({ target: pro });
  await shot(page.getByTestId('detail-panel'), 'debugger-response-args-edited');

  // Esc cancels the dialog and gives the keyboard back to the button that opened it.
  await button(bar(page), 'Pause').click();
  await expect(bar(page).getByTestId('debug-state')).toHaveText('Paused — the next call will be held');
  const again = pending(ui.agent.call('browser_snapshot'));
  await button(held, 'Edit arguments').click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button(held, 'Edit arguments')).toBeFocused();
  await button(held, 'Continue').click();
  await again.result;
  expect(errors).toEqual([]);
});

test("Skip answers the agent with a person's text, as an error when asked; nothing runs and the next call is held", async ({
  page,
  site,
}) => {
  const { errors, yaml } = await ui.start(page, site);
  const terms = refOf(yaml, /checkbox "I accept the terms"/);
  await button(bar(page), 'Pause').click();
  // The server has the pause before the agent calls (a click is only a request to it).
  await expect(bar(page).getByTestId('debug-state')).toHaveText('Paused — the next call will be held');
  const click = pending(ui.agent.call('browser_click', { target: terms }));
  const held = heldPanel(page);
  await button(held, 'Skip').click();

  const dialog = page.getByRole('dialog', { name: 'Skip call' });
  const text = dialog.getByRole('textbox', { name: 'Text the agent receives' });
  await expect(text).toHaveValue(DEFAULT_SKIP_TEXT);
  await expect(text).toBeFocused();
  await text.fill('Do not accept the terms: ask the user first.');
  await dialog.getByRole('checkbox', { name: 'Send as an error' }).check();
  await button(dialog, 'Skip call').click();

  const skipped = await click.result;
  expect(skipped.isError).toBe(true);
  expect(skipped.text).toContain('Do not accept the terms: ask the user first.');
  const checked = pending(
    ui.agent.call('browser_evaluate', { function: '() => document.querySelector("[name=terms]").checked' }),
  );
  // Skip keeps a person in the loop: the evaluate is held now.
  await expect(page.getByTestId('pending-step')).toContainText('evaluate');
  await button(held, 'Continue').click();
  expect((await checked.result).parsed.result).toBe('false');

  await expect(stepRow(page, 2).locator('[data-kind="skipped"]')).toHaveText('skipped');
  await stepRow(page, 2).click();
  await page.getByRole('tab', { name: 'Response' }).click();
  await expect(page.getByTestId('debug-note').locator('[data-kind="skipped"]')).toContainText('as an error');
  await expect(page.getByTestId('debug-note').locator('[data-kind="skipped"]')).toContainText(
    'Do not accept the terms: ask the user first.',
  );
  expect(errors).toEqual([]);
});

test('Breakpoints panel: a malformed condition names the accepted forms; tool:browser_navigate holds, counts hits, turns off, goes', async ({
  page,
  site,
}) => {
  const { errors } = await ui.start(page, site);
  const panel = page.getByRole('region', { name: 'Breakpoints' });
  await panel.getByRole('button', { name: /Breakpoints/ }).click();
  const field = panel.getByRole('textbox', { name: 'Breakpoint condition' });
  await expect(field).toHaveAttribute('placeholder', /tool:.*error/);

  await field.fill('bogus:x');
  await button(panel, 'Add').click();
  await expect(panel.getByTestId('breakpoint-error')).toContainText(
    'Accepted forms: tool:<name>[,<name>…], target:<text>, url:<glob>, error, console-error, text:<string>',
  );
  await field.fill('tool:browser_navigate');
  await expect(panel.getByTestId('breakpoint-error')).toHaveCount(0);
  await button(panel, 'Add').click();
  await expect(panel.getByTestId('breakpoints-count')).toHaveText('1');
  const enabled = panel.getByRole('checkbox', { name: 'tool:browser_navigate' });
  await expect(enabled).toBeChecked();
  await expect(panel.getByTestId('breakpoint')).toContainText('all sessions');
  await expect(panel.getByTestId('breakpoint-hits')).toHaveText('0 hits');

  const navigate = pending(ui.agent.call('browser_navigate', { url: `${site.url}/dialogs.html` }));
  await expect(page.getByTestId('pending-step').getByTestId('pending-reason')).toHaveText(
    'breakpoint tool:browser_navigate',
  );
  await expect(bar(page).getByTestId('debug-state')).toHaveText(
    'Held: browser_navigate — breakpoint tool:browser_navigate',
  );
  await expect(panel.getByTestId('breakpoint-hits')).toHaveText('1 hit');
  await shot(panel, 'debugger-breakpoints');
  await shot(page, 'debugger-breakpoint-hit');
  await button(heldPanel(page), 'Continue').click();
  expect((await navigate.result).text).toContain('Dialogs');
  await expect(stepRow(page, 2).locator('[data-kind="breakpoint"]')).toHaveText('● tool:browser_navigate');

  // Turned off, it lets calls through; removed, it is gone.
  await enabled.uncheck();
  // The row is busy until the core has the change: a call made before that may still stop.
  await expect(panel.getByTestId('breakpoint')).toHaveAttribute('aria-busy', 'false');
  await ui.agent.call('browser_navigate', { url: `${site.url}/form.html` });
  await expect(page.getByTestId('timeline-step')).toHaveCount(3);
  await panel.getByRole('button', { name: 'Remove breakpoint tool:browser_navigate' }).click();
  await expect(panel.getByTestId('breakpoints-count')).toHaveText('0');
  expect(errors).toEqual([]);
});

test('an answer held by --pause-on error is edited in the UI and the agent receives the edit', async ({
  page,
  site,
}) => {
  const { errors } = await ui.start(page, site, ['--pause-on', 'error']);
  const panel = page.getByRole('region', { name: 'Breakpoints' });
  // A breakpoint from the command line is counted in the closed panel's header, and says where it came from.
  await expect(panel.getByTestId('breakpoints-count')).toHaveText('1');
  await panel.getByRole('button', { name: /Breakpoints/ }).click();
  await expect(panel.getByTestId('breakpoint')).toContainText('from --pause-on');

  const click = pending(ui.agent.call('browser_click', { target: 'e999' }));
  const row = page.getByTestId('pending-step');
  await expect(row.getByTestId('pending-waiting')).toHaveText('answer held');
  await expect(bar(page).getByTestId('debug-state')).toHaveText('Answer held: browser_click — breakpoint error');
  const held = heldPanel(page);
  const answer = held.getByTestId('answer-text');
  await expect(answer).toHaveValue(/Ref e999 not found/);
  await expect(held.getByRole('checkbox', { name: 'Send as an error' })).toBeChecked();
  await expect(button(held, 'Edit arguments')).toHaveCount(0);

  // Reset goes back to the call's own answer.
  await answer.fill('Changed my mind');
  await expect(held.getByTestId('answer-edited')).toBeVisible();
  await button(held, 'Reset').click();
  await expect(answer).toHaveValue(/Ref e999 not found/);
  await expect(held.getByTestId('answer-edited')).toHaveCount(0);

  await answer.fill('The button is gone: use the "Dialogs page" link instead.');
  await held.getByRole('checkbox', { name: 'Send as an error' }).uncheck();
  await shot(page, 'debugger-answer-held');
  expect(click.settled()).toBe(false);
  await button(bar(page), 'Step').click();
  const received = await click.result;
  expect(received).toMatchObject({ text: 'The button is gone: use the "Dialogs page" link instead.', isError: false });

  await expect(bar(page).getByTestId('debug-state')).toHaveText('Paused — the next call will be held');
  await button(bar(page), 'Continue').click();
  await expect(stepRow(page, 2).locator('[data-kind="answer-edited"]')).toBeVisible();
  await expect(stepRow(page, 2).locator('[data-kind="breakpoint"]')).toHaveText('● error');
  await stepRow(page, 2).click();
  await page.getByRole('tab', { name: 'Response' }).click();
  const note = page.getByTestId('debug-note');
  await expect(note.getByTestId('debug-pair-a')).toHaveText('The button is gone: use the "Dialogs page" link instead.');
  await expect(note.getByTestId('debug-pair-b')).toContainText('Ref e999 not found');
  await expect(note.locator('[data-kind="answer-held"]')).toContainText('breakpoint error');
  await page.getByTestId('theme-toggle').click();
  await shot(page, 'debugger-response-answer-edited-dark');
  expect(errors).toEqual([]);
});

test('an agent that leaves while its call is held: the UI says nothing ran, and the held call is gone', async ({
  page,
  site,
}) => {
  const { errors } = await ui.start(page, site);
  await button(bar(page), 'Pause').click();
  await expect(bar(page).getByTestId('debug-state')).toHaveText('Paused — the next call will be held');
  const snapshot = pending(ui.agent.call('browser_snapshot'));
  snapshot.result.catch(() => {});
  await expect(heldPanel(page)).toBeVisible();
  await (ui.agent.client.transport as StreamableHTTPClientTransport).terminateSession();
  await ui.agent.close();
  // Ending the HTTP session aborts its requests first: the core reports the held call cancelled, not disconnected.
  await expect(
    page.getByRole('status').filter({
      hasText:
        /^The agent(?: cancelled browser_snapshot while it was held|'s client left while browser_snapshot was held): nothing ran\./,
    }),
  ).toBeVisible();
  await expect(heldPanel(page)).toHaveCount(0);
  await expect(page.getByTestId('pending-step')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a call held past --pause-timeout runs as sent and says so; a read-only viewer sees the held call but cannot act', async ({
  browser,
  page,
  site,
}) => {
  ui.server = await startHttpServer(['--pause-timeout', '4000', '--viewer-token'], 'serve');
  // The URL comes first; the sign-in lines follow it.
  await expect.poll(() => ui.server.log()).toContain('Read-only link');
  const token = /Bearer ([^"]+)"/.exec(ui.server.log())![1];
  const viewerToken = /Read-only link.*\?token=(\S+)/.exec(ui.server.log())![1];
  const errors = await openUi(page, `${ui.server.url}/?token=${token}`);
  ui.agent = await connectHttpWithToken(ui.server.url, token);
  await ui.agent.call('browser_navigate', { url: `${site.url}/form.html` });
  const viewer = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await viewer.goto(`${ui.server.url}/?token=${viewerToken}`);
  await expect(viewer.getByTestId('read-only')).toBeVisible();
  await viewer.getByTestId('session-item').click();

  await button(bar(page), 'Pause').click();
  await expect(bar(page).getByTestId('debug-state')).toHaveText('Paused — the next call will be held');
  const snapshot = pending(ui.agent.call('browser_snapshot'));
  await expect(bar(viewer).getByTestId('debug-state')).toHaveText('Held: browser_snapshot — paused by a person');
  for (const name of ['Edit arguments', 'Skip', 'Step', 'Continue']) {
    await expect(button(heldPanel(viewer), name)).toBeDisabled();
    await expect(button(heldPanel(viewer), name)).toHaveAttribute('title', /Read-only link/);
  }
  await expect(button(bar(viewer), 'Pause')).toBeDisabled();
  await expect(viewer.getByTestId('page-now')).toBeVisible();

  expect((await snapshot.result).isError).toBe(false);
  await expect(
    page.getByRole('status').filter({ hasText: 'longer than --pause-timeout (4 s): it ran as the agent sent it' }),
  ).toBeVisible();
  await expect(stepRow(page, 2).locator('[data-kind="held"]')).toHaveAttribute('title', /--pause-timeout/);
  await viewer.close();
  expect(errors).toEqual([]);
});

test('take over: what a person does in the browser while a call is held shows in the held call, and the agent is told', async ({
  page,
  site,
}) => {
  const port = await freePort();
  const { errors, yaml } = await ui.start(page, site, [`--browser-arg=--remote-debugging-port=${port}`]);
  await button(bar(page), 'Pause').click();
  await expect(bar(page).getByTestId('debug-state')).toHaveText('Paused — the next call will be held');
  const snapshot = pending(ui.agent.call('browser_snapshot'));
  const held = heldPanel(page);
  await expect(held.getByTestId('held-tool')).toHaveText('browser_snapshot');
  const before = await page.getByTestId('page-now').getAttribute('src');

  await clickAsPerson(port, '/form.html', '[name=terms]');
  await expect(held.getByTestId('held-takeover')).toContainText('clicked checkbox "I accept the terms"');
  // The person's step is in the timeline, the held call still after it; the page view shows the box ticked.
  await expect(stepRow(page, 2)).toContainText('by hand');
  await expect(page.getByTestId('pending-step')).toContainText('snapshot');
  await expect.poll(() => page.getByTestId('page-now').getAttribute('src')).not.toBe(before);
  await shot(page, 'debugger-takeover');

  await button(held, 'Continue').click();
  const answer = await snapshot.result;
  expect(answer.text).toContain('While this call was held in the inspector, a person acted in the browser:');
  expect(answer.text).toContain('- clicked checkbox "I accept the terms"');
  expect(answer.parsed.snapshot?.yaml).toMatch(
    new RegExp(
      `checkbox "I accept the terms" \\[checked\\].*\\[ref=${refOf(yaml, /checkbox "I accept the terms"/)}\\]`,
    ),
  );
  await expect(stepRow(page, 3).locator('[data-kind="taken-over"]')).toHaveText('taken over');
  await stepRow(page, 3).click();
  await page.getByRole('tab', { name: 'Response' }).click();
  await expect(page.getByTestId('debug-note').locator('[data-kind="taken-over"]')).toContainText(
    'clicked checkbox "I accept the terms"',
  );
  expect(errors).toEqual([]);
});
