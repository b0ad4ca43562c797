import { expect, test } from '@playwright/test';
import { joinTurns, type StepForJoin } from './join';
import { isModelSpan, modelTurnOf } from './model-turns';
import type { ModelTurn, ReceivedSpan } from '../../shared/spans';

const span = (attributes: ReceivedSpan['attributes'], extra: Partial<ReceivedSpan> = {}): ReceivedSpan => ({
  traceId: 'a'.repeat(32),
  spanId: 'b'.repeat(16),
  name: 'chat',
  kind: 3,
  startMs: 1_000,
  endMs: 2_000,
  attributes,
  events: [],
  resource: {},
  ...extra,
});

test('GenAI semantic conventions: model, tokens, messages with parts, reasoning and the tool calls emitted', () => {
  const turn = modelTurnOf(
    span({
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'gpt-5',
      'gen_ai.usage.input_tokens': 1200,
      'gen_ai.usage.output_tokens': 80,
      'gen_ai.system_instructions': JSON.stringify([{ type: 'text', content: 'You drive a browser.' }]),
      'gen_ai.input.messages': JSON.stringify([
        { role: 'user', parts: [{ type: 'text', content: 'Accept the terms' }] },
      ]),
      'gen_ai.output.messages': JSON.stringify([
        {
          role: 'assistant',
          parts: [
            { type: 'reasoning', content: 'The checkbox is e12.' },
            { type: 'text', content: 'Clicking it. MARKER-42' },
            { type: 'tool_call', id: 'call_1', name: 'browser_click', arguments: { element: 'terms', target: 'e12' } },
          ],
        },
      ]),
    }),
  );
  expect(turn).toMatchObject({
    model: 'gpt-5',
    inputTokens: 1200,
    outputTokens: 80,
    input: [
      { role: 'system', text: 'You drive a browser.' },
      { role: 'user', text: 'Accept the terms' },
    ],
    output: 'Clicking it. MARKER-42',
    reasoning: 'The checkbox is e12.',
    toolCalls: [{ id: 'call_1', name: 'browser_click', arguments: { element: 'terms', target: 'e12' } }],
  });
});

test('OpenLLMetry, the Vercel AI SDK and OpenInference read the same way', () => {
  expect(
    modelTurnOf(
      span({
        'gen_ai.request.model': 'claude',
        'gen_ai.prompt.0.role': 'user',
        'gen_ai.prompt.0.content': 'go',
        'gen_ai.completion.0.content': 'ok',
        'gen_ai.completion.0.tool_calls.0.name': 'browser_navigate',
        'gen_ai.completion.0.tool_calls.0.arguments': '{"url":"https://x"}',
      }),
    ),
  ).toMatchObject({
    model: 'claude',
    input: [{ role: 'user', text: 'go' }],
    output: 'ok',
    toolCalls: [{ name: 'browser_navigate', arguments: { url: 'https://x' } }],
  });
  expect(
    modelTurnOf(
      span({
        'ai.model.id': 'gpt-4o',
        'gen_ai.request.model': 'gpt-4o',
        'ai.response.text': 'done',
        'ai.usage.promptTokens': 10,
        'ai.response.toolCalls': JSON.stringify([{ toolCallId: 't1', toolName: 'browser_type', args: { text: 'hi' } }]),
      }),
    ),
  ).toMatchObject({
    model: 'gpt-4o',
    output: 'done',
    inputTokens: 10,
    toolCalls: [{ id: 't1', name: 'browser_type', arguments: { text: 'hi' } }],
  });
  const openInference = span({
    'openinference.span.kind': 'LLM',
    'llm.model_name': 'llama',
    'llm.token_count.prompt': 5,
    'llm.input_messages.0.message.role': 'user',
    'llm.input_messages.0.message.content': 'q',
    'llm.output_messages.0.message.content': 'a',
    'llm.output_messages.0.message.tool_calls.0.tool_call.function.name': 'browser_snapshot',
    'llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments': '{}',
  });
  expect(isModelSpan(openInference)).toBe(true);
  expect(modelTurnOf(openInference)).toMatchObject({
    model: 'llama',
    inputTokens: 5,
    input: [{ role: 'user', text: 'q' }],
    output: 'a',
    toolCalls: [{ name: 'browser_snapshot', arguments: {} }],
  });
  expect(isModelSpan(span({ 'http.method': 'GET' }))).toBe(false);
});

const turn = (
  spanId: string,
  endMs: number,
  calls: [string, Record<string, unknown>][],
  traceId = 'a'.repeat(32),
): ModelTurn => ({
  spanId,
  traceId,
  startMs: endMs - 500,
  endMs,
  input: [],
  toolCalls: calls.map(([name, args]) => ({ name, arguments: args })),
});
const step = (
  seq: number,
  tool: string,
  args: Record<string, unknown>,
  startedAt: number,
  traceId?: string,
): StepForJoin => ({
  seq,
  tool,
  args,
  startedAt,
  ...(traceId && { trace: { traceId, parentSpanId: 'c'.repeat(16) } }),
});

test('steps link to the turn that chose them: by trace first, else by the emitted call, in time order; the rest is listed', () => {
  const turns = [
    turn('t1', 1_000, [['browser_navigate', { url: 'https://a' }]]),
    turn(
      't2',
      2_000,
      [
        ['mcp__pw__browser_click', { target: 'e1' }],
        ['browser_click', { target: 'e2' }],
      ],
      'f'.repeat(32),
    ),
    turn('t3', 3_000, [['browser_type', { text: 'x' }]]),
    turn('t4', 9_000, []),
  ];
  const { links, unlinked } = joinTurns(
    [
      step(1, 'browser_navigate', { url: 'https://a' }, 1_100),
      step(2, 'browser_click', { target: 'e2' }, 2_100),
      step(3, 'browser_click', { target: 'e1' }, 2_200),
      step(4, 'browser_type', { text: 'x' }, 3_100, 'a'.repeat(32)),
      step(5, 'browser_hover', {}, 500),
    ],
    turns,
  );
  expect(links.get(1)).toEqual({ spanId: 't1', via: 'tool-call', toolCall: 0 });
  expect(links.get(2)).toEqual({ spanId: 't2', via: 'tool-call', toolCall: 1 });
  expect(links.get(3)).toEqual({ spanId: 't2', via: 'tool-call', toolCall: 0 });
  expect(links.get(4)).toEqual({ spanId: 't3', via: 'trace', toolCall: 0 });
  // Before any turn ended: no link rather than a guess.
  expect(links.has(5)).toBe(false);
  expect(unlinked).toEqual(['t4']);
});

test('a step whose arguments match keeps its call; an earlier step matching the tool alone takes what is left', () => {
  const turns = [
    turn('t1', 1_000, [['browser_click', { target: 'e2' }]]),
    turn('t2', 1_500, [['browser_click', { target: 'e7' }]]),
  ];
  const { links } = joinTurns(
    [step(1, 'browser_click', { target: 'e9' }, 2_000), step(2, 'browser_click', { target: 'e2' }, 2_100)],
    turns,
  );
  expect(links.get(2)).toEqual({ spanId: 't1', via: 'tool-call', toolCall: 0 });
  expect(links.get(1)).toEqual({ spanId: 't2', via: 'tool-call', toolCall: 0 });
});
