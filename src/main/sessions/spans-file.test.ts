import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ReceivedSpan } from '../../shared/spans';
import { appendSpans, readSpans, SPANS_FILE } from './spans-file';

const span = (spanId: string): ReceivedSpan => ({
  traceId: 'a'.repeat(32),
  spanId,
  name: 'chat',
  kind: 3,
  startMs: 1,
  endMs: 2,
  attributes: {},
  events: [],
  resource: {},
});

test('spans are appended once each, read back in order; a torn line is skipped and said', async () => {
  const dir = test.info().outputPath('session');
  mkdirSync(dir, { recursive: true });
  expect(await readSpans(dir)).toEqual({ spans: [], warnings: [] });
  expect(await appendSpans(dir, [span('1'.repeat(16)), span('2'.repeat(16))])).toBe(2);
  expect(await appendSpans(dir, [span('2'.repeat(16)), span('3'.repeat(16)), span('3'.repeat(16))])).toBe(1);
  writeFileSync(join(dir, SPANS_FILE), readFileSync(join(dir, SPANS_FILE), 'utf8') + '{"traceId":"tor');
  const read = await readSpans(dir);
  expect(read.spans.map(s => s.spanId)).toEqual(['1'.repeat(16), '2'.repeat(16), '3'.repeat(16)]);
  expect(read.warnings).toEqual([`${SPANS_FILE} line 4 is not valid JSON and was skipped.`]);
});
