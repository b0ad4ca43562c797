import { expect, test } from '@playwright/test';
import { parseLines } from './session-reader';

test('complete lines are parsed; a torn last line is left unconsumed; a bad complete line is skipped by number', () => {
  const good = (seq: number) => JSON.stringify({ type: 'session-ended', sessionId: 's', time: seq });
  const text = `${good(1)}\n{"type":"broken\n${good(3)}\n{"type":"tool-ca`;
  const parsed = parseLines(text);
  expect(parsed.records.map(r => (r as { time: number }).time)).toEqual([1, 3]);
  expect(parsed.warnings).toEqual(['events.jsonl line 2 is not valid JSON and was skipped.']);
  expect(parsed.consumed).toBe(Buffer.byteLength(text) - Buffer.byteLength('{"type":"tool-ca'));
  expect(parseLines('{"type":"tool-ca').records).toEqual([]);
  expect(parseLines(`${good(5)}\n`, 40).records).toHaveLength(1);
  expect(parseLines('nope\n', 40).warnings).toEqual(['events.jsonl line 40 is not valid JSON and was skipped.']);
});
