import type { AttributeValue, Attributes, EmittedToolCall, ModelTurn, ReceivedSpan } from '../../shared/spans';

const MODEL_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content']);

/**
 * Whether a span is a model call: OpenTelemetry GenAI's operation (chat, text_completion, generate_content) or any
 * span naming the requested model; OpenInference's LLM spans too.
 */
export function isModelSpan(span: ReceivedSpan): boolean {
  const a = span.attributes;
  return (
    MODEL_OPERATIONS.has(String(a['gen_ai.operation.name'])) ||
    a['gen_ai.request.model'] !== undefined ||
    a['openinference.span.kind'] === 'LLM' ||
    a['llm.model_name'] !== undefined
  );
}

const text = (value: AttributeValue | undefined): string | undefined =>
  value === undefined || value === null ? undefined : typeof value === 'string' ? value : JSON.stringify(value);
const count = (value: AttributeValue | undefined): number | undefined =>
  typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;

function json(value: AttributeValue | undefined): unknown {
  if (typeof value !== 'string') return value ?? undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Message content in any of the shapes instrumentations write: a string, GenAI parts, or OpenAI-style content blocks. */
function contentText(content: unknown, kinds = ['text']): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map(part => {
      if (typeof part === 'string') return part;
      const block = part as Record<string, unknown>;
      return kinds.includes(String(block.type)) ? String(block.content ?? block.text ?? '') : '';
    })
    .filter(Boolean)
    .join('\n');
}

/** Tool calls inside a message: GenAI `tool_call` parts, or OpenAI-style `tool_calls` with a `function`. */
function messageToolCalls(message: Record<string, unknown>): EmittedToolCall[] {
  const calls: EmittedToolCall[] = [];
  if (Array.isArray(message.parts)) {
    for (const part of message.parts as Record<string, unknown>[])
      if (part?.type === 'tool_call') calls.push(toolCall(part.id, part.name, part.arguments));
  }
  if (Array.isArray(message.tool_calls)) {
    for (const call of message.tool_calls as Record<string, unknown>[]) {
      const fn = (call.function ?? call) as Record<string, unknown>;
      calls.push(toolCall(call.id, fn.name, fn.arguments));
    }
  }
  return calls.filter(call => call.name);
}

const toolCall = (id: unknown, name: unknown, args: unknown): EmittedToolCall => ({
  ...(typeof id === 'string' && id && { id }),
  name: typeof name === 'string' ? name : '',
  arguments: typeof args === 'string' ? json(args) : (args ?? {}),
});

/** `prefix.0.suffix`, `prefix.1.suffix`…: OpenLLMetry's and OpenInference's flattened lists, as one object per index. */
function indexed(a: Attributes, prefix: string): Record<string, AttributeValue>[] {
  const items: Record<string, AttributeValue>[] = [];
  for (const [key, value] of Object.entries(a)) {
    const match = key.startsWith(prefix) ? /^(\d+)\.(.+)$/.exec(key.slice(prefix.length)) : null;
    if (match) (items[Number(match[1])] ??= {})[match[2]] = value;
  }
  return items.filter(Boolean);
}

/** The turn a model span records: GenAI (messages as JSON attributes, or OpenLLMetry's indexed ones), Vercel AI SDK's `ai.*`, OpenInference's `llm.*`. */
export function modelTurnOf(span: ReceivedSpan): ModelTurn {
  const a = span.attributes;
  const turn: ModelTurn = {
    spanId: span.spanId,
    traceId: span.traceId,
    ...(span.parentSpanId && { parentSpanId: span.parentSpanId }),
    startMs: span.startMs,
    endMs: span.endMs,
    model: text(a['gen_ai.response.model'] ?? a['gen_ai.request.model'] ?? a['llm.model_name'] ?? a['ai.model.id']),
    inputTokens: count(
      a['gen_ai.usage.input_tokens'] ??
        a['gen_ai.usage.prompt_tokens'] ??
        a['llm.token_count.prompt'] ??
        a['ai.usage.promptTokens'],
    ),
    outputTokens: count(
      a['gen_ai.usage.output_tokens'] ??
        a['gen_ai.usage.completion_tokens'] ??
        a['llm.token_count.completion'] ??
        a['ai.usage.completionTokens'],
    ),
    cost:
      typeof (a['gen_ai.usage.cost'] ?? a['llm.cost.total']) === 'number'
        ? ((a['gen_ai.usage.cost'] ?? a['llm.cost.total']) as number)
        : undefined,
    input: [],
    toolCalls: [],
  };
  const outputs: string[] = [];
  const reasoning: string[] = [];
  const readMessages = (messages: unknown, into: 'input' | 'output') => {
    if (!Array.isArray(messages)) return;
    for (const raw of messages) {
      const message = (raw ?? {}) as Record<string, unknown>;
      const body = contentText(message.parts ?? message.content);
      if (into === 'input') turn.input.push({ role: String(message.role ?? 'user'), text: body });
      else {
        if (body) outputs.push(body);
        const thought = contentText(message.parts ?? message.content, ['reasoning', 'thinking']);
        if (thought) reasoning.push(thought);
        turn.toolCalls.push(...messageToolCalls(message));
      }
    }
  };
  // GenAI semantic conventions (current): JSON messages with typed parts.
  const system = json(a['gen_ai.system_instructions']);
  if (system !== undefined)
    turn.input.push({ role: 'system', text: contentText(system) || text(a['gen_ai.system_instructions']) || '' });
  readMessages(json(a['gen_ai.input.messages']), 'input');
  readMessages(json(a['gen_ai.output.messages']), 'output');
  // OpenLLMetry: gen_ai.prompt.N.* and gen_ai.completion.N.* (tool calls under .tool_calls.M.*).
  for (const prompt of indexed(a, 'gen_ai.prompt.'))
    turn.input.push({ role: String(prompt.role ?? 'user'), text: text(prompt.content) ?? '' });
  for (const completion of indexed(a, 'gen_ai.completion.')) {
    if (completion.content) outputs.push(text(completion.content)!);
    for (const call of indexed(completion as Attributes, 'tool_calls.'))
      turn.toolCalls.push(toolCall(call.id, call.name, call.arguments));
  }
  // Vercel AI SDK.
  readMessages(json(a['ai.prompt.messages']), 'input');
  if (typeof a['ai.response.text'] === 'string' && a['ai.response.text']) outputs.push(a['ai.response.text']);
  if (typeof a['ai.response.reasoning'] === 'string' && a['ai.response.reasoning'])
    reasoning.push(a['ai.response.reasoning']);
  const aiCalls = json(a['ai.response.toolCalls']);
  if (Array.isArray(aiCalls))
    for (const call of aiCalls as Record<string, unknown>[])
      turn.toolCalls.push(toolCall(call.toolCallId, call.toolName, call.args ?? call.input));
  // OpenInference: llm.input_messages.N.message.* and llm.output_messages.N.message.* (tool calls under .tool_calls.M.tool_call.*).
  for (const message of indexed(a, 'llm.input_messages.'))
    turn.input.push({ role: String(message['message.role'] ?? 'user'), text: text(message['message.content']) ?? '' });
  for (const message of indexed(a, 'llm.output_messages.')) {
    if (message['message.content']) outputs.push(text(message['message.content'])!);
    for (const call of indexed(message as Attributes, 'message.tool_calls.'))
      turn.toolCalls.push(
        toolCall(call['tool_call.id'], call['tool_call.function.name'], call['tool_call.function.arguments']),
      );
  }
  if (outputs.length) turn.output = outputs.join('\n');
  if (reasoning.length) turn.reasoning = reasoning.join('\n');
  return turn;
}
