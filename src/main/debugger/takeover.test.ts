import { expect, test } from '@playwright/test';
import type { ToolCallEvent } from '../../shared/events';
import { describeHumanStep, takeoverNote } from './takeover';

const step = (
  tool: string,
  args: Record<string, unknown>,
  target?: { role: string; name?: string },
): ToolCallEvent => ({
  type: 'tool-call',
  sessionId: 's',
  seq: 1,
  tool,
  args,
  startedAt: 0,
  endedAt: 0,
  outcome: 'ok',
  actor: 'human',
  response: {},
  code: '',
  ...(target && { targets: [{ target: '', locator: '', ...target }] }),
});

test("a person's steps are told in the words of the agent's snapshot", () => {
  expect(describeHumanStep(step('browser_click', {}, { role: 'button', name: 'Accept cookies' }))).toBe(
    'clicked button "Accept cookies"',
  );
  expect(
    describeHumanStep(step('browser_type', { text: 'shoes', submit: true }, { role: 'textbox', name: 'Search' })),
  ).toBe('typed "shoes" into textbox "Search" and pressed Enter');
  expect(
    describeHumanStep(step('browser_select_option', { values: ['DE'] }, { role: 'combobox', name: 'Country' })),
  ).toBe('selected "DE" in combobox "Country"');
  expect(describeHumanStep(step('browser_press_key', { key: 'Escape' }))).toBe('pressed Escape');
  expect(describeHumanStep(step('browser_click', { element: 'the logo' }))).toBe('clicked the logo');
  expect(takeoverNote(['clicked button "OK"'])).toBe(
    [
      'While this call was held in the inspector, a person acted in the browser:',
      '- clicked button "OK"',
      'The page may have changed since your last snapshot: the snapshot below is current; use its refs.',
    ].join('\n'),
  );
});
