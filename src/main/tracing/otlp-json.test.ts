import { expect, test } from '@playwright/test';
import { spansFromOtlpJson, spansOfOtlpFile } from './otlp-json';

const TRACE = '5B8EFFF798038103D269B633813FC60C';
const SPAN = 'EEE19B7EC3C1B174';

const request = (span: Record<string, unknown>) => ({
  resourceSpans: [
    {
      resource: { attributes: [{ key: 'service.name', value: { stringValue: 'my-agent' } }] },
      scopeSpans: [{ scope: { name: 'ai', version: '5.0.0' }, spans: [span] }],
    },
  ],
});

test('an OTLP JSON export becomes flat spans: hex ids lowercased, nanoseconds to milliseconds, typed attributes plain', () => {
  const [span] = spansFromOtlpJson(
    request({
      traceId: TRACE,
      spanId: SPAN,
      parentSpanId: '',
      name: 'chat gpt-5',
      kind: 3,
      startTimeUnixNano: '1764244800123456789',
      endTimeUnixNano: 1764244801123456789,
      attributes: [
        { key: 'gen_ai.operation.name', value: { stringValue: 'chat' } },
        { key: 'gen_ai.usage.input_tokens', value: { intValue: '1200' } },
        { key: 'gen_ai.request.temperature', value: { doubleValue: 0.2 } },
        { key: 'stream', value: { boolValue: true } },
        { key: 'gen_ai.response.finish_reasons', value: { arrayValue: { values: [{ stringValue: 'tool_calls' }] } } },
        { key: 'nested', value: { kvlistValue: { values: [{ key: 'a', value: { intValue: 1 } }] } } },
        { key: 'empty' },
      ],
      events: [
        {
          name: 'gen_ai.choice',
          timeUnixNano: '1764244801000000000',
          attributes: [{ key: 'index', value: { intValue: 0 } }],
        },
      ],
      status: { code: 2, message: 'rate limited' },
    }),
  );
  expect(span).toEqual({
    traceId: TRACE.toLowerCase(),
    spanId: SPAN.toLowerCase(),
    name: 'chat gpt-5',
    kind: 3,
    startMs: 1764244800123.4568,
    endMs: 1764244801123.4568,
    attributes: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.usage.input_tokens': 1200,
      'gen_ai.request.temperature': 0.2,
      stream: true,
      'gen_ai.response.finish_reasons': ['tool_calls'],
      nested: { a: 1 },
      empty: null,
    },
    events: [{ name: 'gen_ai.choice', timeMs: 1764244801000, attributes: { index: 0 } }],
    status: { code: 2, message: 'rate limited' },
    resource: { 'service.name': 'my-agent' },
    scope: { name: 'ai', version: '5.0.0' },
  });
  expect(spansFromOtlpJson({})).toEqual([]);
});

test('a body that is not a trace export fails with the path to the fault', () => {
  expect(() => spansFromOtlpJson('text')).toThrow('body: expected an object');
  expect(() => spansFromOtlpJson({ resourceSpans: {} })).toThrow('resourceSpans: expected an array');
  expect(() => spansFromOtlpJson(request({ traceId: 'xyz', spanId: SPAN }))).toThrow(
    'resourceSpans[0].scopeSpans[0].spans[0].traceId: expected 32 hex digits, not all zero',
  );
  expect(() => spansFromOtlpJson(request({ traceId: TRACE, spanId: '0000000000000000' }))).toThrow(
    'spans[0].spanId: expected 16 hex digits',
  );
  expect(() => spansFromOtlpJson(request({ traceId: TRACE, spanId: SPAN, startTimeUnixNano: 'soon' }))).toThrow(
    'spans[0].startTimeUnixNano: expected nanoseconds since the epoch',
  );
  expect(() => spansFromOtlpJson(request({ traceId: TRACE, spanId: SPAN, attributes: [{ value: {} }] }))).toThrow(
    'spans[0].attributes[0].key: expected a string',
  );
});

const requestLine = (spanId: string) =>
  JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: 'a'.repeat(32), spanId, name: 'chat' }] }] }] });

test("an OTLP JSON file is one export request or one per line (a collector's file exporter); a bad line names itself", () => {
  expect(spansOfOtlpFile(requestLine('1'.repeat(16)), 'one.json').map(s => s.spanId)).toEqual(['1'.repeat(16)]);
  expect(
    spansOfOtlpFile(`${requestLine('1'.repeat(16))}\n\n${requestLine('2'.repeat(16))}\n`, 'lines.jsonl').map(
      s => s.spanId,
    ),
  ).toEqual(['1'.repeat(16), '2'.repeat(16)]);
  expect(() =>
    spansOfOtlpFile(
      `${requestLine('1'.repeat(16))}\n{"resourceSpans":[{"scopeSpans":[{"spans":[{"spanId":"x"}]}]}]}`,
      'bad.jsonl',
    ),
  ).toThrow('bad.jsonl line 2: resourceSpans[0].scopeSpans[0].spans[0].traceId: expected 32 hex digits');
  expect(() => spansOfOtlpFile('{"resourceSpans": 1}', 'whole.json')).toThrow(
    'whole.json: resourceSpans: expected an array',
  );
  expect(() => spansOfOtlpFile('not json\n', 'text.txt')).toThrow('text.txt line 1: not JSON');
});
