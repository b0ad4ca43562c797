/**
 * Spans as the inspector keeps them once received over OTLP (JSON or protobuf): one flat record per span, ids in
 * lowercase hex, times in epoch milliseconds, attributes as plain values. OTLP's nesting (resource → scope → span)
 * is flattened onto each span, so a span read alone says which service sent it.
 */
export type AttributeValue = string | number | boolean | AttributeValue[] | { [key: string]: AttributeValue } | null;
export type Attributes = Record<string, AttributeValue>;

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's SpanKind number (1 internal, 2 server, 3 client, 4 producer, 5 consumer); 0 when unspecified. */
  kind: number;
  startMs: number;
  endMs: number;
  attributes: Attributes;
  events: { name: string; timeMs: number; attributes: Attributes }[];
  /** OTLP's status code (0 unset, 1 ok, 2 error) and its message. */
  status?: { code: number; message?: string };
  /** The resource's attributes (service.name…) and the instrumentation scope that made the span. */
  resource: Attributes;
  scope?: { name: string; version?: string };
}

/** One message the model saw or wrote, reduced to what the Model tab shows. */
export interface TurnMessage {
  role: string;
  text: string;
}

export interface EmittedToolCall {
  id?: string;
  name: string;
  /** As the model wrote them: parsed when they are JSON, else the text. */
  arguments: unknown;
}

/** A model call read from its span, whichever convention the agent's instrumentation follows. */
export interface ModelTurn {
  spanId: string;
  traceId: string;
  parentSpanId?: string;
  startMs: number;
  endMs: number;
  model?: string;
  inputTokens?: number;
  outputTokens?: number;
  /** In the currency the instrumentation reports (usually USD), when it reports one. */
  cost?: number;
  input: TurnMessage[];
  /** The assistant's text and, where the model exposes it, its reasoning. */
  output?: string;
  reasoning?: string;
  toolCalls: EmittedToolCall[];
}

export interface TurnLink {
  spanId: string;
  /** `trace`: the step's trace context descends from the turn's trace; `tool-call`: matched by the call the model emitted. */
  via: 'trace' | 'tool-call';
  /** Which of the turn's emitted tool calls this step is, when one matches. */
  toolCall?: number;
}

/** A turn without its messages and text: what the Agent lane draws, small enough to send again as steps come. */
export type TurnSummary = Omit<ModelTurn, 'input' | 'output' | 'reasoning' | 'toolCalls'> & {
  /** How many tool calls the turn emitted. */
  toolCalls: number;
};

/**
 * A session's model turns (read from the agent's spans) and the step each led to: the Agent lane, and the Model tab
 * (which asks for its one turn whole, `modelTurn`).
 */
export interface AgentTurns {
  /** In the order they started. */
  turns: TurnSummary[];
  /** By step: the turn that chose it. */
  links: ({ seq: number } & TurnLink)[];
  /** Turns no step is linked to, by span id: listed, not guessed. */
  unlinked: string[];
  /** All spans the session has from its agent (model turns and others). */
  spanCount: number;
}
