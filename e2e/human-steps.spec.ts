import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { McpBrowserClient } from '../src/main/mcp-client';
import { Replayer } from '../src/main/replay';
import { exportSpec } from '../src/main/sessions/export';
import { openSession } from '../src/main/sessions/session-reader';
import type { InspectorEvent, ToolCallEvent } from '../src/shared/events';
import { expectSpecPasses } from './support/exported-spec';
import { expect, test } from './support/fixtures';
import { inProcessCore } from './support/in-process';
import { CLI, refOf } from './support/mcp';
import { freePort, Person } from './support/person';

const pause = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));
// A person acts a moment after the agent's call returned, not within the same few milliseconds.
const humanPause = () => pause(400);

async function coreWithPerson(workspace: string, overrides: Parameters<typeof inProcessCore>[1] = {}) {
  const port = await freePort();
  return {
    port,
    ...(await inProcessCore(workspace, {
      browser: { args: [`--remote-debugging-port=${port}`], headless: true },
      ...overrides,
    })),
  };
}

const toolCalls = (events: InspectorEvent[]) => events.filter((e): e is ToolCallEvent => e.type === 'tool-call');
const humanSteps = (events: InspectorEvent[]) => toolCalls(events).filter(e => e.actor === 'human');

test("what a person does by hand is recorded as steps among the agent's, and the agent's own input is not", async ({
  site,
  workspace,
}) => {
  const { port, core, events, mcp } = await coreWithPerson(workspace);
  let person: Person | undefined;
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    const yaml = nav.parsed.snapshot!.yaml;
    person = await Person.at(port, '/form.html');
    await humanPause();

    // Typing is one step with the final value, committed by clicking elsewhere (the heading: no step of its own).
    await person.click('input[name=name]');
    await person.type('Ada Lovelace');
    await person.click('h1');
    await expect.poll(() => humanSteps(events).length).toBe(1);

    // The agent fills Email and the person's next click blurs it: the agent's value is not a human step.
    await mcp.call('browser_type', { target: refOf(yaml, /textbox "Email"/), text: 'ada@example.com' });
    await humanPause();
    await person.click('label[for=country]');
    await person.press('j', 74, 'j');
    await expect.poll(() => humanSteps(events).length).toBe(2);

    // The agent's click is trusted input in the page too, and still the agent's.
    await mcp.call('browser_click', { target: refOf(yaml, /checkbox "I accept the terms"/) });
    await humanPause();
    await person.click('input[value=pro]');
    await person.click('button[type=submit]');
    await expect.poll(() => humanSteps(events).length).toBe(4);

    const after = await mcp.call('browser_snapshot');
    expect(after.parsed.snapshot!.yaml).toContain(
      'Saved Ada Lovelace <ada@example.com> country=jp terms=true plan=pro',
    );
    // A link's page is gone by the time the click could be looked at: its locator was resolved on pointerdown.
    await humanPause();
    await person.click('a[href="dialogs.html"]');
    await expect.poll(() => humanSteps(events).length).toBe(5);

    const calls = toolCalls(events);
    expect(calls.map(c => [c.seq, c.tool, c.actor ?? 'agent'])).toEqual([
      [1, 'browser_navigate', 'agent'],
      [2, 'browser_type', 'human'],
      [3, 'browser_type', 'agent'],
      [4, 'browser_select_option', 'human'],
      [5, 'browser_click', 'agent'],
      [6, 'browser_click', 'human'],
      [7, 'browser_click', 'human'],
      [8, 'browser_snapshot', 'agent'],
      [9, 'browser_click', 'human'],
    ]);
    const [typed, selected, radio, submit, link] = humanSteps(events);
    const fullName = "page.getByTestId('full-name')";
    expect(typed).toMatchObject({
      outcome: 'ok',
      args: { element: 'textbox "Full name"', target: fullName, text: 'Ada Lovelace' },
      targets: [
        {
          target: fullName,
          role: 'textbox',
          name: 'Full name',
          locator: fullName,
          element: { tag: 'input', testIds: { 'data-testid': 'full-name' }, label: 'Full name' },
        },
      ],
      code: `await ${fullName}.fill('Ada Lovelace');`,
      url: `${site.url}/form.html`,
      title: 'Sign up',
      response: {
        code: `await ${fullName}.fill('Ada Lovelace');`,
        page: { url: `${site.url}/form.html`, title: 'Sign up' },
      },
    });
    expect(typed.endedAt).toBeGreaterThanOrEqual(typed.startedAt);
    expect(selected).toMatchObject({
      args: { element: 'combobox "Country"', target: "page.getByLabel('Country')", values: ['jp'] },
      targets: [{ role: 'combobox', name: 'Country', locator: "page.getByLabel('Country')" }],
      code: "await page.getByLabel('Country').selectOption('jp');",
    });
    // A radio or checkbox is recorded as the state it was left in, as Playwright's codegen does.
    expect(radio).toMatchObject({
      args: { element: 'radio "Pro"' },
      targets: [{ role: 'radio', name: 'Pro', locator: "page.getByRole('radio', { name: 'Pro' })" }],
      code: "await page.getByRole('radio', { name: 'Pro' }).check();",
    });
    const button = "page.getByRole('button', { name: 'Create account' })";
    expect(submit).toMatchObject({
      args: { element: 'button "Create account"', target: button },
      targets: [{ target: button, role: 'button', name: 'Create account', locator: button }],
      code: `await ${button}.click();`,
    });
    expect(link).toMatchObject({
      targets: [{ role: 'link', name: 'Dialogs page', locator: "page.getByRole('link', { name: 'Dialogs page' })" }],
      url: `${site.url}/form.html`,
    });
  } finally {
    person?.close();
    await mcp.close();
    await core.close();
  }
});

test('a password typed by hand is never recorded in clear; Enter in a field submits with it', async ({
  site,
  workspace,
}) => {
  const { port, core, events, mcp } = await coreWithPerson(workspace, { secrets: { APP_PASSWORD: 'correct-horse' } });
  let person: Person | undefined;
  try {
    await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    person = await Person.at(port, '/form.html');
    await humanPause();

    await person.click('input[name=password]');
    await person.type('correct-horse');
    await person.press('Tab', 9);
    await expect.poll(() => humanSteps(events).length).toBe(2);

    await person.click('input[name=password]');
    await person.press('End', 35);
    await person.type('-battery-staple');
    await person.press('Enter', 13, '\r');
    await expect.poll(() => humanSteps(events).length).toBe(3);
    await pause(300); // the click Enter made on the submit button would have been recorded by now

    const password = "page.getByRole('textbox', { name: 'Password' })";
    const [secret, tab, other] = humanSteps(events);
    expect(humanSteps(events)).toHaveLength(3);
    // A configured secret's value becomes its name, as when an agent types the name.
    expect(secret).toMatchObject({
      tool: 'browser_type',
      args: { element: 'textbox "Password"', text: 'APP_PASSWORD' },
      code: `await ${password}.fill(process.env['APP_PASSWORD']);`,
    });
    expect(tab).toMatchObject({
      tool: 'browser_press_key',
      args: { key: 'Tab' },
      code: "await page.keyboard.press('Tab');",
    });
    expect(other).toMatchObject({
      tool: 'browser_type',
      args: { text: '<password>', submit: true },
      code: `await ${password}.fill(process.env['PASSWORD']);\nawait ${password}.press('Enter');`,
    });
    expect(other.response.result).toContain('not recorded');
    expect(toolCalls(events).map(c => c.seq)).toEqual([1, 2, 3, 4]);
    const all = JSON.stringify(events);
    expect(all).not.toContain('correct-horse');
    expect(all).not.toContain('battery-staple');
  } finally {
    person?.close();
    await mcp.close();
    await core.close();
  }
});

test('with humanSteps off, nothing a person does is recorded', async ({ site, workspace }) => {
  const { port, core, events, mcp } = await coreWithPerson(workspace, { humanSteps: false });
  let person: Person | undefined;
  try {
    await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    person = await Person.at(port, '/form.html');
    await humanPause();
    await person.click('input[name=name]');
    await person.type('Grace Hopper');
    await person.press('Tab', 9);
    await person.click('button[type=submit]');
    const after = await mcp.call('browser_snapshot');
    expect(after.parsed.snapshot!.yaml).toContain('Saved Grace Hopper');
    await pause(300);
    expect(toolCalls(events).map(c => [c.seq, c.tool, c.actor ?? 'agent'])).toEqual([
      [1, 'browser_navigate', 'agent'],
      [2, 'browser_snapshot', 'agent'],
    ]);
  } finally {
    person?.close();
    await mcp.close();
    await core.close();
  }
});

test('a session that mixes agent and human steps exports to a spec that passes, and replays without drift', async ({
  site,
  workspace,
}) => {
  test.setTimeout(120_000);
  const sessionDir = join(workspace, 'sessions');
  const { port, core, events, mcp } = await coreWithPerson(workspace, { sessionDir });
  let person: Person | undefined;
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    const yaml = nav.parsed.snapshot!.yaml;
    person = await Person.at(port, '/form.html');
    await humanPause();
    await person.click('input[name=name]');
    await person.type('Ada Lovelace');
    await person.click('h1');
    await expect.poll(() => humanSteps(events).length).toBe(1);
    await mcp.call('browser_type', { target: refOf(yaml, /textbox "Email"/), text: 'ada@example.com' });
    await humanPause();
    await person.click('input[value=pro]');
    await expect.poll(() => humanSteps(events).length).toBe(2);
    await mcp.call('browser_click', { target: refOf(yaml, /checkbox "I accept the terms"/) });
    await humanPause();
    await person.click('button[type=submit]');
    await expect.poll(() => humanSteps(events).length).toBe(3);
    await mcp.call('browser_wait_for', { text: 'Saved Ada Lovelace' });
  } finally {
    person?.close();
    await mcp.close();
    await core.close();
  }

  const session = await openSession(join(sessionDir, readdirSync(sessionDir)[0]));
  expect(session.steps.map(step => [step.tool, step.actor ?? 'agent'])).toEqual([
    ['browser_navigate', 'agent'],
    ['browser_type', 'human'],
    ['browser_type', 'agent'],
    ['browser_click', 'human'],
    ['browser_click', 'agent'],
    ['browser_click', 'human'],
    ['browser_wait_for', 'agent'],
  ]);
  const spec = exportSpec(session);
  expect(spec).toContain('// 2. browser_type textbox "Full name" (by hand)');
  expect(spec).toContain("await page.getByTestId('full-name').fill('Ada Lovelace');");
  expect(spec).toContain("await page.getByRole('radio', { name: 'Pro' }).check();");

  await expectSpecPasses(spec);

  // Replayed on a fresh inspector over stdio: the human steps are found again by role and name like the agent's.
  const client = await McpBrowserClient.connect({
    command: process.execPath,
    args: [resolve(CLI), 'mcp', '--headless', '--isolated', '--no-dom-state'],
    cwd: workspace,
  });
  try {
    const report = await new Replayer(session, client).runAll();
    expect(report.steps.map(step => step.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
    expect(report.summary.clean).toBe(true);
  } finally {
    await client.disconnect();
  }
});

test('browser_start_recording / browser_stop_recording (--caps devtools) return the code of what a person did in between', async ({
  site,
  workspace,
}) => {
  const { port, core, events, mcp } = await coreWithPerson(workspace, { caps: ['devtools'] });
  let person: Person | undefined;
  try {
    await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    expect((await mcp.call('browser_stop_recording')).parsed.error).toBe(
      'Error: No recording in progress, use browser_start_recording to start one.',
    );
    person = await Person.at(port, '/form.html');
    // Before the recording: a step of the session, not of the recording.
    await humanPause();
    await person.click('input[value=free]');
    await expect.poll(() => humanSteps(events).length).toBe(1);

    expect((await mcp.call('browser_start_recording')).parsed.result).toBe(
      'Recording started. Call browser_stop_recording to retrieve the recorded actions.',
    );
    await humanPause();
    await person.click('input[name=terms]');
    await person.click('input[value=pro]');
    await expect.poll(() => humanSteps(events).length).toBe(3);
    const stopped = await mcp.call('browser_stop_recording');
    expect(stopped.parsed.result).toBe(
      [
        'Recording stopped. Recorded actions:',
        '',
        '```js',
        "await page.getByRole('checkbox', { name: 'I accept the terms' }).check();",
        "await page.getByRole('radio', { name: 'Pro' }).check();",
        '```',
      ].join('\n'),
    );
    expect(stopped.parsed.snapshot?.yaml).toContain('radio "Pro" [checked]');
    expect((await mcp.call('browser_start_recording')).isError).toBe(false);
    expect((await mcp.call('browser_stop_recording')).parsed.result).toBe(
      'Recording stopped. No actions were recorded.',
    );
  } finally {
    person?.close();
    await mcp.close();
    await core.close();
  }
});
