import { expect, test } from '@playwright/test';
import { asCommand, verbOfGerund } from './first-person';
import { rephrase } from './phrasing';
import { onPage } from './planner-fixtures';

test('a speaker saying what they will do, are doing or want is asked for that command', () => {
  expect(asCommand("I'll take the 06:05")).toBe('take the 06:05');
  expect(asCommand('we would rather book the twin room')).toBe('book the twin room');
  expect(asCommand("we're flying to Munich")).toBe('fly to Munich');
  expect(asCommand("I'm leaving from Paris Bercy")).toBe('leave from Paris Bercy');
  expect(asCommand("I'd like product news emails")).toBe('choose product news emails');
  // The statement that follows is read as one: "we're 3 adults" gives Adults its count.
  expect(rephrase("we're 3 adults")).toEqual({ text: 'set "3" in adults', set: true });
  expect(rephrase("we're flying to Munich instead")).toEqual({ text: 'set "Munich" in "To"', set: true });
});

test('a negation turns off what it names; the verb that only carries it is no word of the target', () => {
  expect(asCommand("don't show prices on the packing slip")).toBe('turn off prices on the packing slip');
  expect(asCommand("I don't want read receipts")).toBe('turn off read receipts');
  expect(asCommand('no more weekly summary emails')).toBe('turn off weekly summary emails');
  // How one is told is what is turned off: "emailing me about comments" is the Email section's Comments.
  expect(asCommand('stop emailing me about comments')).toBe('turn off email comments');
  // "stop" before a thing is a Stop control's, and "do not disturb" states a value: neither is a negation.
  expect(asCommand('stop the timer')).toBe('stop the timer');
  expect(rephrase('do not disturb ends at 7:00').text).toBe('set "7:00" in do not disturb end');
});

test('gerunds read back to their verbs', () => {
  expect(['booking', 'leaving', 'unstarring', 'flying', 'pressing', 'calling', 'making'].map(verbOfGerund)).toEqual([
    'book',
    'leave',
    'unstar',
    'fly',
    'press',
    'call',
    'make',
  ]);
  expect(rephrase('would you mind booking the Nice one for me, thanks!').text).toBe('book the Nice one');
});

test('what a thing is said not to be is turned off; only a checkbox or switch is', async () => {
  expect(rephrase("actually it's not a gift").text).toBe('turn off gift');
  expect(rephrase("this isn't a business order").text).toBe('turn off business order');
  const run = onPage(
    [
      { i: 'g', r: 'chk', n: 'This order is a gift' },
      { i: 'm', r: 'txt', n: 'Gift message' },
      { i: 'w', r: 'cmb', n: 'Gift wrap' },
    ],
    '<label><input type="checkbox" data-llm-id="g"> This order is a gift</label>' +
      '<label>Gift message <textarea data-llm-id="m"></textarea></label>' +
      '<label>Gift wrap <select data-llm-id="w"><option>None</option></select></label>',
  );
  expect(await run("actually it's not a gift")).toBe('click(g)');
  expect(await run('turn off the gift')).toBe('click(g)');
});
