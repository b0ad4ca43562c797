import type { ToolCallEvent } from '../src/shared/events';
import { expect, test } from './support/fixtures';
import { inProcessCore } from './support/in-process';
import { refOf } from './support/mcp';

test('every tool call is published on the event bus with its response, code, snapshot and timing', async ({
  site,
  workspace,
}) => {
  // Watched, as the inspector's own core is: the targets carry their box and element facts.
  const { core, events, mcp } = await inProcessCore(workspace, {
    secrets: { SECRET_TOKEN: 's3cr3t-value' },
    stepScreenshots: true,
  });
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    await mcp.call('browser_type', {
      target: refOf(nav.parsed.snapshot!.yaml, /textbox "Full name"/),
      text: 'SECRET_TOKEN',
    });
    await mcp.call('browser_snapshot');
    await mcp.call('browser_take_screenshot', {});
    await mcp.call('browser_click', { target: 'e4242' });
    await mcp.call('browser_click', { target: 42 });

    expect(events[0]).toMatchObject({ type: 'session-started', transport: 'in-memory', clientName: 'events-test' });
    const calls = events.filter((e): e is ToolCallEvent => e.type === 'tool-call');
    expect(calls.map(c => [c.seq, c.tool, c.outcome])).toEqual([
      [1, 'browser_navigate', 'ok'],
      [2, 'browser_type', 'ok'],
      [3, 'browser_snapshot', 'ok'],
      [4, 'browser_take_screenshot', 'ok'],
      [5, 'browser_click', 'error'],
      [6, 'browser_click', 'error'],
    ]);
    const [navigate, type, snapshot, screenshot, unknownRef, invalid] = calls;
    expect(navigate.response).toEqual(nav.parsed);
    expect(navigate.code).toBe(`await page.goto('${site.url}/form.html');`);
    expect(navigate).toMatchObject({ url: `${site.url}/form.html`, title: 'Sign up' });
    expect(navigate.ariaSnapshot).toBe(nav.parsed.snapshot!.yaml);
    expect(navigate.endedAt).toBeGreaterThanOrEqual(navigate.startedAt);
    // Secrets never reach subscribers: not in args, response or snapshot.
    expect(JSON.stringify(type)).not.toContain('s3cr3t-value');
    expect(type.code).toContain("process.env['SECRET_TOKEN']");
    expect(type.ariaSnapshot).toBeUndefined();
    // What the call acted on, found again by role and name (export and replay), with Playwright's own locator.
    // …and where it was on the page, for the inspector's page view.
    const box = { x: expect.any(Number), y: expect.any(Number), width: expect.any(Number), height: expect.any(Number) };
    // …and what the element looked like: what the Locators tab builds its other candidates from.
    const element = {
      tag: 'input',
      testIdAttribute: 'data-testid',
      testIds: { 'data-testid': 'full-name' },
      label: 'Full name',
      css: '#signup > label:nth-of-type(1) > input',
    };
    expect(type.targets).toEqual([
      {
        target: type.args.target,
        ref: type.args.target,
        role: 'textbox',
        name: 'Full name',
        locator: `page.getByTestId('full-name')`,
        box,
        element,
      },
    ]);
    expect(navigate.targets).toBeUndefined();
    expect(snapshot.ariaSnapshot).toContain('<secret>SECRET_TOKEN</secret>');
    expect(JSON.stringify(snapshot)).not.toContain('s3cr3t-value');
    expect(screenshot.screenshot!.mimeType).toBe('image/png');
    expect(Buffer.from(screenshot.screenshot!.base64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(unknownRef.response.error).toContain('Ref e4242 not found');
    expect(invalid.response.error).toContain('target');
  } finally {
    await mcp.close();
    await core.close();
  }
  expect(events.at(-1)).toMatchObject({ type: 'session-ended' });
});

test('a password typed into the page never shows in a snapshot, on the bus or in Browser State files', async ({
  site,
  workspace,
}) => {
  const { core, events, mcp } = await inProcessCore(workspace);
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    await mcp.call('browser_type', {
      target: refOf(nav.parsed.snapshot!.yaml, /textbox "Password"/),
      text: 'hunter2-not-a-secret',
    });
    await mcp.call('browser_type', { target: refOf(nav.parsed.snapshot!.yaml, /textbox "Full name"/), text: 'Ada' });
    const snapshot = await mcp.call('browser_snapshot');
    expect(snapshot.parsed.snapshot!.yaml).toMatch(/textbox "Password" \[ref=\w+\]: ••••••••/);
    expect(snapshot.parsed.snapshot!.yaml).toMatch(/textbox "Full name" .*: Ada/);
    const published = JSON.stringify(
      events.filter(event => event.type === 'tool-call' && event.tool !== 'browser_type'),
    );
    expect(published).not.toContain('hunter2-not-a-secret');
  } finally {
    await mcp.close();
    await core.close();
  }
});

test('where nobody looks at the steps (plain mcp), a target is recorded without the extra reads of its box and facts', async ({
  site,
  workspace,
}) => {
  const { core, events, mcp } = await inProcessCore(workspace);
  try {
    const nav = await mcp.call('browser_navigate', { url: `${site.url}/form.html` });
    await mcp.call('browser_type', { target: refOf(nav.parsed.snapshot!.yaml, /textbox "Full name"/), text: 'Ada' });
    const type = events.filter((e): e is ToolCallEvent => e.type === 'tool-call')[1];
    expect(type.targets).toEqual([
      { target: 'e5', ref: 'e5', role: 'textbox', name: 'Full name', locator: "page.getByTestId('full-name')" },
    ]);
  } finally {
    await mcp.close();
    await core.close();
  }
});
