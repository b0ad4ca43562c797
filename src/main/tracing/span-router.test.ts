import { expect, test } from '@playwright/test';
import type { AgentSpansEvent, InspectorEvent, ToolCallEvent } from '../../shared/events';
import type { ReceivedSpan } from '../../shared/spans';
import { SpanRouter } from './span-router';

function fakeBus() {
  const listeners: ((event: InspectorEvent) => unknown)[] = [];
  const published: AgentSpansEvent[] = [];
  return {
    published,
    emit: (event: InspectorEvent) => listeners.forEach(listener => listener(event)),
    subscribe: (listener: (event: InspectorEvent) => unknown) => (listeners.push(listener), () => {}),
    publish: async (event: AgentSpansEvent) => void published.push(event),
  };
}

const TRACE_A = 'a'.repeat(32);
const TRACE_B = 'b'.repeat(32);
const span = (
  traceId: string,
  spanId: string,
  attributes: ReceivedSpan['attributes'] = {},
  endMs = 1_000,
): ReceivedSpan => ({
  traceId,
  spanId,
  name: 's',
  kind: 1,
  startMs: endMs - 10,
  endMs,
  attributes,
  events: [],
  resource: {},
});
const chat = (traceId: string, spanId: string, tool: string, args: Record<string, unknown>) =>
  span(traceId, spanId, {
    'gen_ai.operation.name': 'chat',
    'gen_ai.output.messages': JSON.stringify([
      { role: 'assistant', parts: [{ type: 'tool_call', name: tool, arguments: args }] },
    ]),
  });
const step = (sessionId: string, seq: number, tool: string, args: Record<string, unknown>, trace?: string) =>
  ({
    type: 'tool-call',
    sessionId,
    seq,
    tool,
    args,
    startedAt: 2_000,
    endedAt: 2_100,
    outcome: 'ok',
    response: {},
    code: '',
    ...(trace && { trace: { traceId: trace, parentSpanId: 'c'.repeat(16), sampled: true } }),
  }) as ToolCallEvent;

test('spans go to the session whose step carried their trace, masked for it; unclaimed ones wait until a step claims them', async () => {
  const bus = fakeBus();
  const router = new SpanRouter(bus, {
    mask: (sessionId, spans) => spans.map(s => ({ ...s, name: `${s.name}@${sessionId}` })),
  });
  bus.emit({ type: 'session-started', sessionId: 's1', transport: 'stdio', time: 0 });
  bus.emit({ type: 'session-started', sessionId: 's2', transport: 'stdio', time: 0 });
  bus.emit(step('s1', 1, 'browser_navigate', { url: 'x' }, TRACE_A));
  router.receive([span(TRACE_A, '1'.repeat(16)), span(TRACE_B, '2'.repeat(16))]);
  expect(bus.published.map(e => [e.sessionId, e.spans.map(s => s.name)])).toEqual([['s1', ['s@s1']]]);
  expect(router.pending.map(s => s.spanId)).toEqual(['2'.repeat(16)]);
  // The step of trace B comes after its span: the waiting span goes to s2 then.
  bus.emit(step('s2', 1, 'browser_click', { target: 'e1' }, TRACE_B));
  // Not on the step's own path: the waiting spans are looked at once the step is published.
  expect(bus.published).toHaveLength(1);
  await new Promise(resolve => setImmediate(resolve));
  expect(bus.published.at(-1)).toMatchObject({ sessionId: 's2', spans: [{ spanId: '2'.repeat(16) }] });
  expect(router.pending).toEqual([]);
});

test("without trace context, a model call whose emitted tool call is a session's step (arguments too) takes its trace there", () => {
  const bus = fakeBus();
  const router = new SpanRouter(bus, { mask: (_, spans) => spans });
  bus.emit({ type: 'session-started', sessionId: 's1', transport: 'stdio', time: 0 });
  bus.emit({ type: 'session-started', sessionId: 's2', transport: 'stdio', time: 0 });
  bus.emit(step('s1', 1, 'browser_click', { target: 'e1' }));
  bus.emit(step('s2', 1, 'browser_click', { target: 'e9' }));
  router.receive([
    chat(TRACE_A, '1'.repeat(16), 'browser_click', { target: 'e9' }),
    span(TRACE_A, '2'.repeat(16)),
    chat(TRACE_B, '3'.repeat(16), 'browser_hover', {}),
  ]);
  expect(bus.published.map(e => [e.sessionId, e.spans.map(s => s.spanId)])).toEqual([
    ['s2', ['1'.repeat(16), '2'.repeat(16)]],
  ]);
  // A tool no session called: kept and listed, not guessed.
  expect(router.pending.map(s => s.spanId)).toEqual(['3'.repeat(16)]);
});
