import { expect, test } from '@playwright/test';
import { withoutCourtesies } from './courtesy';
import { rephrase, splitSteps } from './phrasing';

test('apologies, thanks, hurry and politeness around a step are no part of it', () => {
  expect(withoutCourtesies("sorry, in a bit of a rush — could you refund Bruno Silva's order please, thanks")).toBe(
    "could you refund Bruno Silva's order please",
  );
  expect(withoutCourtesies("the last View, if you don't mind")).toBe('the last View');
  expect(withoutCourtesies("make it premium economy, I'm feeling generous today")).toBe('make it premium economy');
  expect(withoutCourtesies('hit the 3rd Refund button, please, quick as you can')).toBe('hit the 3rd Refund button');
  // The reason before "so" says why; the step after it what.
  expect(withoutCourtesies('I speak German, so the language ought to be Deutsch, thanks')).toBe(
    'the language ought to be Deutsch',
  );
  // No remark: unchanged, commas and all; nothing but remarks: no step (never "right" read as a place).
  expect(withoutCourtesies('Paris, France')).toBe('Paris, France');
  expect(withoutCourtesies('right, thanks!')).toBe('');
  expect(splitSteps("right, if you'd be so kind, send it off now").first).toBe('send it off now');
  expect(rephrase('would you mind terribly switching dark mode on? thanks a bunch').text).toBe('switch dark mode on');
});

test('wrappers that ask whether the agent could: none of their words is the target’s', () => {
  for (const wrapper of [
    'any chance you could',
    'would it be possible to',
    'can I get you to',
    'I was hoping you could',
    'when you get a chance,',
    'do you think you could',
    'help me',
    'be so good as to',
  ])
    expect(rephrase(`${wrapper} pin the lunch email`).text).toBe('pin the lunch email');
  expect(rephrase('you mind pinning the lunch email').text).toBe('pin the lunch email');
});

test('chat spellings and contractions read as the words they stand for', () => {
  expect(rephrase('could u open the lunch email').text).toBe('open the lunch email');
  expect(rephrase('ok thats it, continue to payment pls').text).toBe('continue to payment');
  expect(rephrase("I'd really appreciate it if you'd mark everything as read, thanks").text).toBe(
    'mark everything as read',
  );
  expect(rephrase("my first name's Maria, thanks")).toEqual({ text: 'set "Maria" in my first name', set: true });
  expect(rephrase("phone's +351 912 345 678 if they need it")).toEqual({
    text: 'set "+351 912 345 678" in phone',
    set: true,
  });
  expect(rephrase('the merchant was Pret A Manger')).toEqual({
    text: 'set "Pret A Manger" in the merchant',
    set: true,
  });
});
