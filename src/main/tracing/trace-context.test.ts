import { expect, test } from '@playwright/test';
import { readTraceContext } from './trace-context';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

test("a valid traceparent gives the trace, the caller's span and the sampled flag; tracestate and baggage ride along", () => {
  expect(
    readTraceContext({
      traceparent: `00-${TRACE}-${SPAN}-01`,
      tracestate: 'rojo=00f067aa0ba902b7, congo=t61rcWkgMzE',
      baggage: 'userId=alice,serverNode=DF%2028',
    }),
  ).toEqual({
    context: {
      traceId: TRACE,
      parentSpanId: SPAN,
      sampled: true,
      tracestate: 'rojo=00f067aa0ba902b7,congo=t61rcWkgMzE',
      baggage: 'userId=alice,serverNode=DF%2028',
    },
    invalid: [],
  });
  expect(readTraceContext({ traceparent: `00-${TRACE}-${SPAN}-00` }).context?.sampled).toBe(false);
  // A later version may add fields; a progress token beside it is not ours to read.
  expect(readTraceContext({ traceparent: `01-${TRACE}-${SPAN}-01-future`, progressToken: 3 }).context?.traceId).toBe(
    TRACE,
  );
});

test('no _meta, or one without trace context, is simply untraced', () => {
  expect(readTraceContext(undefined)).toEqual({ invalid: [] });
  expect(readTraceContext({ progressToken: 'p' })).toEqual({ invalid: [] });
});

test('a broken value is dropped and named, never thrown: the call goes on untraced', () => {
  for (const traceparent of [
    'garbage',
    `00-${TRACE.toUpperCase()}-${SPAN}-01`,
    `ff-${TRACE}-${SPAN}-01`,
    `00-${'0'.repeat(32)}-${SPAN}-01`,
    `00-${TRACE}-${'0'.repeat(16)}-01`,
    `00-${TRACE}-${SPAN}-01-extra`,
  ]) {
    expect(readTraceContext({ traceparent }), traceparent).toEqual({ invalid: ['traceparent'] });
  }
  expect(readTraceContext({ traceparent: 42 })).toEqual({ invalid: ['traceparent'] });
  const kept = readTraceContext({
    traceparent: `00-${TRACE}-${SPAN}-01`,
    tracestate: 'UPPER=x',
    baggage: 'no equals sign',
  });
  expect(kept.context).toEqual({ traceId: TRACE, parentSpanId: SPAN, sampled: true });
  expect(kept.invalid).toEqual(['tracestate', 'baggage']);
  expect(readTraceContext({ traceparent: `00-${TRACE}-${SPAN}-01`, tracestate: 'a=1,a=2' }).invalid).toEqual([
    'tracestate',
  ]);
  expect(
    readTraceContext({ traceparent: `00-${TRACE}-${SPAN}-01`, baggage: `k=${'v'.repeat(9_000)}` }).invalid,
  ).toEqual(['baggage']);
});
