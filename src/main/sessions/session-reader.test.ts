import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { followSession, parseLines } from './session-reader';

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

test('following a session that is still being written delivers each complete line once, a torn one when finished', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'follow-'));
  const line = (time: number) => `${JSON.stringify({ type: 'session-ended', sessionId: 's', time })}\n`;
  writeFileSync(join(dir, 'events.jsonl'), line(1));
  const seen: number[] = [];
  const stop = followSession(dir, records => seen.push(...records.map(r => (r as { time: number }).time)), 20);
  try {
    await expect.poll(() => seen).toEqual([1]);
    appendFileSync(join(dir, 'events.jsonl'), `${line(2)}${line(3).slice(0, 10)}`);
    await expect.poll(() => seen).toEqual([1, 2]);
    appendFileSync(join(dir, 'events.jsonl'), `${line(3).slice(10)}${line(4)}`);
    await expect.poll(() => seen).toEqual([1, 2, 3, 4]);
  } finally {
    stop();
  }
});
