import { expect, test } from '@playwright/test';
import { countdown, deadlineText, heldFor, holdTitle, shortArgs } from './format';

test('held time reads in seconds, then minutes and seconds', () => {
  expect(heldFor(0)).toBe('0 s');
  expect(heldFor(12_400)).toBe('12 s');
  expect(heldFor(60_000)).toBe('1 min');
  expect(heldFor(185_000)).toBe('3 min 5 s');
  expect(heldFor(-50)).toBe('0 s');
});

test('time left is a clock that never goes below zero', () => {
  expect(countdown(288_000)).toBe('4:48');
  expect(countdown(999)).toBe('0:01');
  expect(countdown(-1_000)).toBe('0:00');
  expect(countdown(3_725_000)).toBe('1:02:05');
  expect(deadlineText({ phase: 'call' }, 9_000)).toBe('runs as sent in 0:09');
  expect(deadlineText({ phase: 'answer' }, 9_000)).toBe('sent as it stands in 0:09');
});

test('the state line names the tool and why it is held', () => {
  expect(
    holdTitle({
      phase: 'call',
      tool: 'browser_click',
      reason: { kind: 'breakpoint', breakpoint: 'b1', condition: 'tool:browser_click' },
    }),
  ).toBe('Held: browser_click — breakpoint tool:browser_click');
  expect(
    holdTitle({
      phase: 'answer',
      tool: 'browser_click',
      reason: { kind: 'breakpoint', breakpoint: 'b2', condition: 'error' },
    }),
  ).toBe('Answer held: browser_click — breakpoint error');
  expect(holdTitle({ phase: 'call', tool: 'browser_snapshot', reason: { kind: 'paused' } })).toBe(
    'Held: browser_snapshot — paused by a person',
  );
});

test('arguments in a few words: the target or URL, else short JSON', () => {
  expect(shortArgs({ target: 'e12' })).toBe('e12');
  expect(shortArgs({ url: 'https://example.com/' })).toBe('https://example.com/');
  expect(shortArgs({})).toBe('');
  expect(shortArgs({ width: 800, height: 600 })).toBe('{"width":800,"height":600}');
  expect(shortArgs({ function: 'x'.repeat(200) })).toHaveLength(80);
});
