import { jsLiteral, jsString } from '../../shared/js-literal';
import { SECRET_MASK } from '../secrets';
import type { RecordedSession } from './session-reader';
import type { ToolCallRecord } from './format';
import { ariaTemplate } from './aria-template';
import { appearedAssertion, urlAssertion, type AppearedText } from './assertions';
import { DEFAULT_TEST_ID_ATTRIBUTE, type LocatorChoice } from '../../shared/locators';
import { OBSERVING_TOOLS, PLANNING_TOOLS } from './tool-kinds';

export interface ExportOptions {
  /** The test's title; defaults to one naming the session. */
  title?: string;
  /**
   * Aria snapshots (mode 'ai') of the agent's whole-page browser_snapshot steps, by seq (see loadAriaCheckpoints):
   * each becomes a `toMatchAriaSnapshot` checkpoint at that point of the test.
   */
  ariaCheckpoints?: ReadonlyMap<number, string>;
  /** The text each form submission made appear, by seq (see loadAppearedTexts): asserted after that step. */
  appeared?: ReadonlyMap<number, AppearedText>;
  /** The user's locator picks (locators/choices.ts): each replaces the locator recorded for its step's target. */
  locatorChoices?: readonly LocatorChoice[];
  /** The attribute getByTestId reads; another than data-testid is set with `test.use({ testIdAttribute })`. */
  testIdAttribute?: string;
}

interface Block {
  comment: string;
  lines: string[];
}

// `await <locator>.<method>(<argument>);` as the tools generate it.
const ACTION_LINE = /^await (page\..+)\.(fill|pressSequentially|setChecked|check|uncheck)\((.*)\);$/;
const WAIT_LINE = /^await (page\.getByText\(.+\)\.first\(\))\.waitFor\(\{ state: '(visible|hidden)' \}\);$/;

/**
 * A `@playwright/test` spec that replays a recorded session: each step's generated code (Playwright's own locators,
 * never aria refs; secrets as process.env), with assertions from what was observed after it — the URL after
 * navigations, the value after typing, the checked state after ticking, visibility for waited text, the status text
 * a submission made appear (options.appeared). The recorded
 * origin becomes `BASE_URL`, overridable from the environment, so the spec can run against another deployment.
 */
export function exportSpec(session: RecordedSession, options: ExportOptions = {}): string {
  const steps = session.steps;
  const origin = firstOrigin(steps);
  const withBase = rebaseLine(origin);
  const blocks: Block[] = [];
  let number = 0;
  for (const step of steps) {
    const checkpoint = step.tool === 'browser_snapshot' ? options.ariaCheckpoints?.get(step.seq) : undefined;
    if (checkpoint) {
      blocks.push({
        comment: `// The page as the agent saw it at step ${step.seq} (browser_snapshot).`,
        lines: [ariaCheckpoint(checkpoint)],
      });
      continue;
    }
    if (step.tool === 'browser_snapshot' || OBSERVING_TOOLS.has(step.tool) || PLANNING_TOOLS.has(step.tool)) continue;
    number++;
    const who = step.actor === 'human' ? ' (by hand)' : step.via ? ` (chosen by ${step.via})` : '';
    const comment = `// ${number}. ${step.tool}${describeArgs(step)}${who}`;
    if (step.debug?.skipped) {
      blocks.push({ comment: `${comment} — skipped by a person in the inspector (nothing ran), left out`, lines: [] });
      continue;
    }
    if (step.outcome === 'error') {
      blocks.push({
        comment: `${comment} — failed when recorded, left out: ${firstLine(step.response.error)}`,
        lines: [],
      });
      continue;
    }
    if (step.tool === 'browser_handle_dialog' || step.tool === 'browser_file_upload') {
      attachToPrevious(blocks, step);
      continue;
    }
    blocks.push({
      comment,
      lines: [
        ...linesWithAssertions(withChosenLocators(step, options.locatorChoices), options.appeared?.get(step.seq)),
      ],
    });
  }
  const body = blocks
    .flatMap(block => [block.comment, ...block.lines.map(withBase)])
    .map(line => `  ${line}`)
    .join('\n');
  const title = options.title ?? `recorded session ${new Date(session.meta.startedAt).toISOString()}`;
  const secrets = secretNames(body);
  return [
    `// Exported by Agent Inspector from ${session.meta.id} (${session.steps.length} recorded calls).`,
    ...secretsHeader(secrets),
    `import { expect, test } from '@playwright/test';`,
    '',
    ...(options.testIdAttribute &&
    options.testIdAttribute !== DEFAULT_TEST_ID_ATTRIBUTE &&
    body.includes('getByTestId(')
      ? [`test.use({ testIdAttribute: ${jsString(options.testIdAttribute)} });`, '']
      : []),
    ...(origin ? [`const BASE_URL = process.env.BASE_URL ?? ${jsString(origin)};`, ''] : []),
    `test(${jsString(title)}, async ({ page }) => {`,
    ...secretsGuard(secrets),
    body,
    '});',
    '',
  ].join('\n');
}

/**
 * The environment variables the steps read: secrets the recording masked (`process.env['NAME']`, or
 * `process.env.NAME` as older recordings wrote it), in order of use.
 */
export function secretNames(code: string): string[] {
  return [
    ...new Set(
      Array.from(
        code.matchAll(/process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\['([^'\n]+)'\])/g),
        match => match[1] ?? match[2],
      ),
    ),
  ];
}

function secretsHeader(names: string[]): string[] {
  if (!names.length) return [];
  return [
    '// The recording masked what was typed into secret fields; set these environment variables to run it:',
    ...names.map(name => `//   ${name}`),
  ];
}

/** Without it an unset variable would type "undefined" or fail deep in a step with a message naming nothing. */
function secretsGuard(names: string[]): string[] {
  if (!names.length) return [];
  return [
    `  const unset = ${jsLiteral(names)}.filter(name => !process.env[name]);`,
    "  if (unset.length) throw new Error(`Set the environment variable(s) ${unset.join(', ')}: the recording masked these secrets.`);",
  ];
}

/** The aria snapshots of the session's whole-page browser_snapshot steps, for ExportOptions.ariaCheckpoints. */
export async function loadAriaCheckpoints(session: RecordedSession): Promise<Map<number, string>> {
  const checkpoints = new Map<number, string>();
  for (const step of session.steps) {
    if (step.tool !== 'browser_snapshot' || step.outcome !== 'ok' || 'target' in step.args || 'depth' in step.args)
      continue;
    const yaml = await session.ariaSnapshot(step);
    if (yaml) checkpoints.set(step.seq, yaml);
  }
  return checkpoints;
}

function ariaCheckpoint(aiYaml: string): string {
  const template = ariaTemplate(aiYaml).replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  const indented = template
    .split('\n')
    .map(line => `    ${line}`)
    .join('\n');
  return `await expect(page.locator('body')).toMatchAriaSnapshot(\`\n${indented}\n  \`);`;
}

/** Rewrites `'https://origin/…'` literals as `BASE_URL + '/…'`; lines stay as they are without an origin. */
export function rebaseLine(origin: string | undefined): (line: string) => string {
  // A template literal holds a URL that carries a secret (see withSecretLookups).
  return line =>
    origin
      ? line.split(jsString(origin).slice(0, -1)).join(`BASE_URL + '`).split(`\`${origin}`).join('`${BASE_URL}')
      : line;
}

/**
 * A call's generated code, each action followed by the assertion of what it set (value, checked state, text), then
 * the URL it navigated to (volatile parts left out, see urlAssertion) and the text it made appear, when given.
 */
export function* linesWithAssertions(
  step: Pick<ToolCallRecord, 'tool' | 'code' | 'url' | 'navigated'>,
  appeared?: AppearedText,
): Generator<string> {
  const lines = (step.code ?? '').split('\n').filter(Boolean);
  for (const line of lines) {
    const wait = line.match(WAIT_LINE);
    if (wait) {
      yield `await expect(${wait[1]}).${wait[2] === 'visible' ? 'toBeVisible' : 'toBeHidden'}();`;
      continue;
    }
    yield line;
    const action = line.match(ACTION_LINE);
    if (action) {
      const [, locator, method, argument] = action;
      if (method === 'fill' || method === 'pressSequentially')
        yield `await expect(${locator}).toHaveValue(${argument});`;
      if (method === 'check' || (method === 'setChecked' && argument === 'true'))
        yield `await expect(${locator}).toBeChecked();`;
      if (method === 'uncheck' || (method === 'setChecked' && argument === 'false'))
        yield `await expect(${locator}).not.toBeChecked();`;
    }
  }
  // A step without code that navigated switched tabs: the spec's `page` stayed where it was.
  const navigated =
    step.tool === 'browser_navigate' || step.tool === 'browser_navigate_back' || (step.navigated && lines.length);
  if (navigated && step.url) yield urlAssertion(step.url);
  if (appeared) yield appearedAssertion(appeared);
}

/** The step with each of its targets' picked locators in place of the recorded ones, in its code. */
function withChosenLocators(step: ToolCallRecord, choices: readonly LocatorChoice[] = []): ToolCallRecord {
  let code = step.code ?? '';
  for (const choice of choices) {
    const recorded = choice.seq === step.seq ? step.targets?.[choice.target]?.locator : undefined;
    if (recorded) code = code.split(recorded).join(choice.code);
  }
  return { ...step, code };
}

/**
 * A dialog or file chooser answers the action before it: the test must be ready before that action runs, so the
 * handler goes in front of the previous step's lines.
 */
function attachToPrevious(blocks: Block[], step: ToolCallRecord) {
  const previous = blocks.findLast(block => block.lines.length);
  if (!previous) return;
  if (step.tool === 'browser_handle_dialog') {
    const accept = step.args.accept !== false;
    const prompt = typeof step.args.promptText === 'string' ? jsString(step.args.promptText) : '';
    previous.lines.unshift(`page.once('dialog', dialog => dialog.${accept ? `accept(${prompt})` : 'dismiss()'});`);
    previous.comment += ` — then the dialog is ${accept ? 'accepted' : 'dismissed'}`;
    return;
  }
  previous.lines.unshift(`const fileChooserPromise = page.waitForEvent('filechooser');`);
  previous.lines.push(
    'const fileChooser = await fileChooserPromise;',
    ...(step.code ?? '').split('\n').filter(Boolean),
  );
  previous.comment += ' — then files are chosen';
}

function firstOrigin(steps: ToolCallRecord[]): string | undefined {
  const url = steps.find(step => step.tool === 'browser_navigate' && step.outcome === 'ok')?.url;
  if (!url) return undefined;
  try {
    const { origin, protocol } = new URL(url);
    return /^https?:$/.test(protocol) ? origin : undefined;
  } catch {
    return undefined;
  }
}

function describeArgs(step: ToolCallRecord): string {
  const target = step.targets?.[0];
  const what = target?.role ? ` ${target.role}${target.name ? ` "${target.name}"` : ''}` : '';
  const url = step.tool === 'browser_navigate' && typeof step.args.url === 'string' ? ` ${step.args.url}` : '';
  // A masked secret reads as the variable that holds it: no `<secret>…</secret>` in a spec.
  return `${what}${url}`.replace(/\n/g, ' ').replace(SECRET_MASK, (_, name: string) => `$${name}`);
}

const firstLine = (text: string | undefined) => (text ?? 'no message').replace(/^Error: /, '').split('\n')[0];
