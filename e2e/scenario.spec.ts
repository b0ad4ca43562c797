import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { InspectorEvent, NegotiationRoundEvent, ToolCallEvent } from '../src/shared/events';
import { defaultCoreConfig } from '../src/main/config';
import { InspectorCore } from '../src/main/core';
import { McpSession } from '../src/main/mcp/session';
import { ScenarioParserOrchestrator, scenarioServices } from '../src/main/scenario/orchestrator';
import { asyncListener } from './support/async-listener.js';
import { expectSpecPasses } from './support/exported-spec';
import { expect, test } from './support/fixtures';
import { CLI } from './support/mcp';

const run = promisify(execFile);

const SIGN_UP = [
  'Type "Ada Lovelace" into Full name',
  'Type "ada@example.com" into Email',
  'Choose "Japan" in Country',
  'Tick I accept the terms',
  'Click Create account',
  'Verify the page shows "Saved Ada Lovelace"',
];

test('a YAML scenario signs up on the fixture site; the emitted spec passes under npx playwright test', async ({
  site,
  workspace,
}) => {
  test.setTimeout(120_000);
  mkdirSync(workspace, { recursive: true });
  const file = join(workspace, 'signup.yaml');
  writeFileSync(
    file,
    `title: Sign up\nurl: ${site.url}/form.html\nactions:\n${SIGN_UP.map(step => `  - '${step}'`).join('\n')}\n`,
  );
  const spec = join(workspace, 'signup.spec.ts');
  const parsed = await run('node', [`${process.cwd()}/${CLI}`, 'scenario', file, '-o', spec, '--headless'], {
    cwd: workspace,
  });
  expect(parsed.stderr).toContain('✓ 1. Type "Ada Lovelace" into Full name');
  expect(parsed.stderr).toContain(`✓ 6. Verify the page shows "Saved Ada Lovelace"`);
  expect(parsed.stderr).toContain(`All 6 steps passed.\nWrote ${spec}.`);

  const code = readFileSync(spec, 'utf8');
  expect(code).not.toMatch(/xpath=|aria-ref/);
  expect(code).toContain(`test('Sign up', async ({ page }) => {`);
  expect(code).toContain(`await page.goto(BASE_URL + '/form.html');`);
  expect(code).toContain(`await expect(page.getByTestId('full-name')).toHaveValue('Ada Lovelace');`);
  expect(code).toContain(`await page.getByLabel('Country').selectOption('Japan');`);
  expect(code).toContain(`await expect(page.getByLabel('Country')).toHaveValue('jp');`);
  expect(code).toContain(`await expect(page.getByRole('checkbox', { name: 'I accept the terms' })).toBeChecked();`);
  expect(code).toContain(`await page.getByRole('button', { name: 'Create account' }).click();`);
  expect(code).toContain(`await expect(page.getByText('Saved Ada Lovelace').first()).toBeVisible();`);

  // Run it for real against the same site, as a project of its own would.
  await expectSpecPasses(code);
});

test('a step that cannot be matched stops the run with a message naming it, exit code 1 and no spec', async ({
  site,
  workspace,
}) => {
  mkdirSync(workspace, { recursive: true });
  const file = join(workspace, 'checkout.md');
  writeFileSync(
    file,
    `# Check out\n\nURL: ${site.url}/form.html\n\n1. Type "Ada" into Full name\n2. Click the Checkout button\n3. Click Create account\n`,
  );
  const spec = join(workspace, 'checkout.spec.ts');
  const failed = await run('node', [`${process.cwd()}/${CLI}`, 'scenario', file, '-o', spec, '--headless'], {
    cwd: workspace,
  }).then(
    () => undefined,
    error => error as { stderr: string; code: number },
  );
  expect(failed?.code).toBe(1);
  expect(failed?.stderr).toContain('✓ 1. Type "Ada" into Full name');
  expect(failed?.stderr).toContain('✗ 2. Click the Checkout button');
  expect(failed?.stderr).toContain(
    'Step 2 ("Click the Checkout button") could not be matched: Nothing on the page matches "checkout"',
  );
  expect(failed?.stderr).toContain('1 of 3 steps passed; the run stopped at step 2. No spec written.');
  expect(failed?.stderr).not.toContain('Click Create account');
  expect(existsSync(spec)).toBe(false);
});

test('every executed step is a tool call on the event bus with generated code; planner rounds are published too', async ({
  site,
  workspace,
}) => {
  const core = new InspectorCore(
    defaultCoreConfig({ browser: { args: [], headless: true }, outputDir: `${workspace}/.playwright-mcp` }),
  );
  const events: InspectorEvent[] = [];
  core.bus.subscribe(event => events.push(event));
  const session = core.createSession('scenario', async () => ({
    root: workspace,
    outputDir: `${workspace}/.playwright-mcp`,
  }));
  try {
    if (!(session instanceof McpSession)) throw new Error('expected a session on the controlled browser');
    const result = await new ScenarioParserOrchestrator(scenarioServices(core, session)).parse({
      url: `${site.url}/form.html`,
      actions: SIGN_UP,
    });
    expect(result.success, result.failure?.message).toBe(true);
    expect(result.steps.map(step => [step.number, step.action, step.target, step.outcome])).toEqual([
      [0, 'navigate', undefined, 'passed'],
      [1, 'input', 'textbox "Full name"', 'passed'],
      [2, 'input', 'textbox "Email"', 'passed'],
      [3, 'select', 'combobox "Country"', 'passed'],
      [4, 'click', 'checkbox "I accept the terms"', 'passed'],
      [5, 'click', 'button "Create account"', 'passed'],
      [6, 'done', undefined, 'passed'],
    ]);
    expect(result.steps[1]).toMatchObject({
      value: 'Ada Lovelace',
      locator: `page.getByTestId('full-name')`,
      durationMs: expect.any(Number),
    });

    const calls = events.filter(
      (event): event is ToolCallEvent => event.type === 'tool-call' && event.sessionId === session.id,
    );
    expect(calls.map(call => call.tool)).toEqual([
      'browser_navigate',
      'browser_type',
      'browser_type',
      'browser_select_option',
      'browser_click',
      'browser_click',
      'browser_wait_for',
    ]);
    expect(calls.every(call => call.outcome === 'ok' && call.code)).toBe(true);
    // Elements are targeted by the processed DOM's XPath; the generated code names them Playwright's way.
    expect(calls[1].args.target).toBe('xpath=/html[1]/body[1]/form[1]/label[1]/input[1]');
    expect(calls[5].code).toBe(`await page.getByRole('button', { name: 'Create account' }).click();`);

    const rounds = events.filter((event): event is NegotiationRoundEvent => event.type === 'negotiation-round');
    expect(rounds.every(round => round.sessionId === session.id && round.planner === 'deterministic')).toBe(true);
    expect(rounds.filter(round => round.query === SIGN_UP[0]).map(round => round.domMode)).toEqual(['semantic_v3']);
    // The verification reads page text the tree leaves out, so it is answered on the formatted DOM.
    expect(rounds.filter(round => round.query === SIGN_UP[5]).map(round => round.domMode)).toEqual([
      'semantic_v3',
      'skeleton',
    ]);
  } finally {
    await core.closeSession(session);
    await core.close();
  }
});

test('with an LLM configured, the model plans the steps from the highlight indices and the formatted DOM', async ({
  site,
  workspace,
}) => {
  // An OpenAI-compatible endpoint on loopback: it first asks for the skeleton, then clicks the index named in it.
  const bodies: string[] = [];
  const replies = [
    JSON.stringify({
      status: 'needs_context',
      requestedDomMode: 'skeleton',
      needsSkeletonDom: true,
      reason: 'which button?',
    }),
    JSON.stringify({ thought: 'The second Add to cart is in the Pro card', action: 'click(1)' }),
  ];
  const model = createServer(
    asyncListener(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      bodies.push(body);
      const content = replies[bodies.length - 1] ?? JSON.stringify({ thought: '', action: 'fail("no more replies")' });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    }),
  );
  await new Promise<void>(resolve => model.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
  const core = new InspectorCore(
    defaultCoreConfig({
      browser: { args: [], headless: true },
      outputDir: `${workspace}/.playwright-mcp`,
      planner: { ...defaultCoreConfig().planner, llm: { baseUrl, model: 'fake-model', timeoutMs: 10_000 } },
    }),
  );
  const session = core.createSession('scenario', async () => ({
    root: workspace,
    outputDir: `${workspace}/.playwright-mcp`,
  }));
  try {
    if (!(session instanceof McpSession)) throw new Error('expected a session on the controlled browser');
    const result = await new ScenarioParserOrchestrator(scenarioServices(core, session)).parse({
      url: `${site.url}/plans.html`,
      actions: ['Add the Pro plan to cart'],
    });
    expect(result.success, result.failure?.message).toBe(true);
    // Playwright's own locator for the Pro card's button, not the XPath it was clicked by.
    expect(result.steps[1]).toMatchObject({
      action: 'click',
      thought: 'The second Add to cart is in the Pro card',
      locator: expect.stringContaining('Pro plan'),
    });
    expect(result.steps[1].locator).not.toContain('xpath');
    const [first, second] = bodies.map(body =>
      JSON.parse(JSON.parse(body).messages[1].content.replace(/^Page state:\n/, '')),
    );
    expect(first.interactiveTree).toEqual([
      expect.objectContaining({ i: '0', r: 'btn', n: 'Add to cart' }),
      expect.objectContaining({ i: '1', r: 'btn', n: 'Add to cart' }),
    ]);
    expect(first.skeletonDom).toBeUndefined();
    expect(second.skeletonDom).toContain('Pro plan\nFor teams\n[1]<button>Add to cart</button>');
  } finally {
    await core.closeSession(session);
    await core.close();
    await new Promise(resolve => model.close(resolve));
  }
});
