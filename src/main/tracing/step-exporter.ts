import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
} from '@opentelemetry/api';
import { ExportResultCode, TraceState } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  type ReadableSpan,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import type { InspectorEvent, StepTokensEvent, ToolCallEvent } from '../../shared/events';
import { renderResponse } from '../../shared/response';
import type { OtlpExportConfig } from '../config';
import { VERSION } from '../version';

/** How long a step's span waits for the step's token count (counted off the call's path) before it goes without. */
const TOKENS_WAIT_MS = 2_000;
/** A tool call's arguments as an attribute, at most this long: a typed page of text is not worth a backend's quota. */
const MAX_ARGUMENTS_CHARS = 4_096;

export interface StepExport {
  /** Sends what is batched and stops. */
  close(): Promise<void>;
}

interface EventSource {
  subscribe(listener: (event: InspectorEvent) => unknown): () => void;
}

/**
 * Exports one span per MCP tool call, as OpenTelemetry's MCP semantic conventions describe it (`tools/call
 * browser_click`, a server span, a child of the request's traceparent when it had one), with a child span per phase
 * of the call (action, settle, snapshot, Browser State, screenshot). Built from the step events after the call
 * answered, batched: the agent's call never waits for it. Loaded only when an endpoint is configured.
 */
export async function startStepExport(
  bus: EventSource,
  config: OtlpExportConfig,
  log: (line: string) => void,
): Promise<StepExport> {
  const { OTLPTraceExporter } =
    config.protocol === 'http/json'
      ? await import('@opentelemetry/exporter-trace-otlp-http')
      : await import('@opentelemetry/exporter-trace-otlp-proto');
  const exporter = reportingOnce(new OTLPTraceExporter({ url: config.url, headers: config.headers }), config.url, log);
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName, 'service.version': VERSION }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer('agent-inspector', VERSION);
  const transports = new Map<string, string>();
  const waiting = new Map<string, { step: ToolCallEvent; timer: NodeJS.Timeout }>();

  const emit = (step: ToolCallEvent, tokens?: StepTokensEvent['tokens']) => {
    const span = tracer.startSpan(
      `tools/call ${step.tool}`,
      {
        kind: SpanKind.SERVER,
        startTime: step.startedAt,
        attributes: stepAttributes(step, transports.get(step.sessionId), tokens),
      },
      parentOf(step),
    );
    const inSpan = trace.setSpan(ROOT_CONTEXT, span);
    for (const phase of step.phases ?? [])
      tracer.startSpan(phase.name, { startTime: phase.startedAt }, inSpan).end(phase.endedAt);
    if (step.outcome === 'error')
      span.setStatus({ code: SpanStatusCode.ERROR, message: step.response.error?.split('\n')[0] });
    span.end(step.endedAt);
  };
  const key = (sessionId: string, seq: number) => `${sessionId}:${seq}`;
  const unsubscribe = bus.subscribe(event => {
    if (event.type === 'session-started') transports.set(event.sessionId, event.transport);
    if (event.type === 'tool-call') {
      const id = key(event.sessionId, event.seq);
      waiting.set(id, { step: event, timer: setTimeout(() => waiting.delete(id) && emit(event), TOKENS_WAIT_MS) });
    }
    if (event.type === 'step-tokens') {
      const id = key(event.sessionId, event.seq);
      const entry = waiting.get(id);
      if (!entry) return;
      clearTimeout(entry.timer);
      waiting.delete(id);
      emit(entry.step, event.tokens);
    }
  });
  return {
    async close() {
      unsubscribe();
      for (const { step, timer } of waiting.values()) {
        clearTimeout(timer);
        emit(step);
      }
      waiting.clear();
      await provider.shutdown().catch(() => {});
    },
  };
}

/** The request's trace context as the span's remote parent; none: a root span. */
function parentOf(step: ToolCallEvent): Context {
  if (!step.trace) return ROOT_CONTEXT;
  const { traceId, parentSpanId, sampled, tracestate } = step.trace;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId,
    spanId: parentSpanId,
    isRemote: true,
    traceFlags: sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
    ...(tracestate && { traceState: new TraceState(tracestate) }),
  });
}

/** OpenTelemetry's MCP and GenAI attributes, then ours: the page, and what the answer cost (its bytes and tokens). */
function stepAttributes(
  step: ToolCallEvent,
  transport: string | undefined,
  tokens?: StepTokensEvent['tokens'],
): Attributes {
  const args = JSON.stringify(step.args);
  const text = step.responseText?.join('\n') ?? renderResponse(step.response);
  return {
    'mcp.method.name': 'tools/call',
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': step.tool,
    'gen_ai.tool.call.arguments': args.length > MAX_ARGUMENTS_CHARS ? `${args.slice(0, MAX_ARGUMENTS_CHARS)}…` : args,
    'mcp.session.id': step.sessionId,
    ...(step.requestId !== undefined && { 'jsonrpc.request.id': String(step.requestId) }),
    ...(transport && { 'network.transport': transport === 'stdio' ? 'pipe' : 'tcp' }),
    ...(step.outcome === 'error' && { 'error.type': 'tool_error' }),
    ...(step.url && { 'url.full': step.url }),
    ...(step.via && { 'agent_inspector.via': step.via }),
    'agent_inspector.step.seq': step.seq,
    'agent_inspector.response.bytes': tokens?.total.bytes ?? Buffer.byteLength(text),
    ...(tokens && { 'agent_inspector.response.tokens': tokens.total.tokens }),
  };
}

/** The exporter, saying once (not per batch) that the collector does not take the spans, and once that it does again. */
function reportingOnce(exporter: SpanExporter, url: string, log: (line: string) => void): SpanExporter {
  let failing = false;
  return {
    export(spans: ReadableSpan[], done) {
      exporter.export(spans, result => {
        if (result.code !== ExportResultCode.SUCCESS && !failing)
          log(
            `[otel] exporting spans to ${url} failed (${result.error?.message ?? 'no answer'}); spans are dropped until it answers.`,
          );
        else if (result.code === ExportResultCode.SUCCESS && failing)
          log(`[otel] exporting spans to ${url} works again.`);
        failing = result.code !== ExportResultCode.SUCCESS;
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}
