import { expect, test } from '@playwright/test';
import { rephrase, splitSteps } from './phrasing';
import { commandOnTopic } from './topic';

test('a step that names its object first is the command with its object in place', () => {
  expect(commandOnTopic('the 06:05 flight, pick it')).toBe('pick the 06:05 flight');
  expect(commandOnTopic('lemon chicken, put it on Sunday')).toBe('put lemon chicken on Sunday');
  expect(commandOnTopic('INV-2044: send reminder')).toBe('send reminder for INV-2044');
  // Not split into two steps at the comma.
  expect(splitSteps('the 06:05 flight, pick it').first).toBe('pick the 06:05 flight');
  // A list or a label with its value is no topic.
  expect(commandOnTopic('Paris, France')).toBe('Paris, France');
  expect(rephrase('gift message: Happy birthday')).toEqual({ text: 'set "Happy birthday" in gift message', set: true });
});

test('a thing, then the state it should be in, turns it on or off', () => {
  expect(commandOnTopic('push mentions on')).toBe('turn on push mentions');
  expect(commandOnTopic('SMS security alerts off')).toBe('turn off SMS security alerts');
  expect(commandOnTopic('airport transfer yes')).toBe('turn on airport transfer');
  expect(commandOnTopic('push comments, disable')).toBe('turn off push comments');
  expect(rephrase('product news emails, yes please').text).toBe('turn on product news emails');
  // A state set "to" is a switch turned on or off.
  expect(rephrase('set push mentions to on').text).toBe('turn on push mentions');
  expect(rephrase('change read receipts to off').text).toBe('turn off read receipts');
  expect(rephrase('put everything back to default').text).toBe('reset to defaults');
  // "log off" is a verb of its own.
  expect(commandOnTopic('log off')).toBe('log off');
});
