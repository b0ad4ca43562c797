import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { expect, test } from '@playwright/test';
import { spansFromOtlpJson } from './otlp-json';
import { decodeTraceRequest } from './otlp-proto';

test('what the OpenTelemetry SDK exports reads the same from protobuf as from JSON: ids, parent, times, attributes, events, status', async () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'scripted-agent' }),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer('agent', '1.2.3');
  {
    const root = tracer.startSpan('invoke_agent');
    const chat = tracer.startSpan(
      'chat gpt-test',
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.usage.input_tokens': 1234,
          'gen_ai.request.temperature': 0.5,
          stream: false,
          'gen_ai.response.finish_reasons': ['tool_calls'],
        },
      },
      trace.setSpan(context.active(), root),
    );
    chat.addEvent('gen_ai.choice', { index: 0 });
    chat.setStatus({ code: SpanStatusCode.ERROR, message: 'rate limited' });
    chat.end();
    root.end();
  }
  await provider.forceFlush();
  const finished = exporter.getFinishedSpans();
  const fromProtobuf = spansFromOtlpJson(
    decodeTraceRequest(Buffer.from(ProtobufTraceSerializer.serializeRequest(finished)!)),
  );
  const fromJson = spansFromOtlpJson(
    JSON.parse(Buffer.from(JsonTraceSerializer.serializeRequest(finished)!).toString()),
  );
  expect(fromProtobuf).toEqual(fromJson);
  const [chat, root] = fromProtobuf;
  expect(chat).toMatchObject({
    name: 'chat gpt-test',
    kind: 3,
    parentSpanId: root.spanId,
    traceId: root.traceId,
    attributes: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.usage.input_tokens': 1234,
      'gen_ai.request.temperature': 0.5,
      stream: false,
      'gen_ai.response.finish_reasons': ['tool_calls'],
    },
    events: [{ name: 'gen_ai.choice', attributes: { index: 0 } }],
    status: { code: 2, message: 'rate limited' },
    resource: { 'service.name': 'scripted-agent' },
    scope: { name: 'agent', version: '1.2.3' },
  });
  expect(chat.traceId).toBe(finished[0].spanContext().traceId);
  expect(Math.abs(chat.startMs - (finished[0].startTime[0] * 1e3 + finished[0].startTime[1] / 1e6))).toBeLessThan(
    0.001,
  );
  expect(root.parentSpanId).toBeUndefined();
  await provider.shutdown();
});

test('bytes that are not a trace export fail to decode', () => {
  expect(() => decodeTraceRequest(Buffer.from([0x0a, 0xff, 0xff, 0xff]))).toThrow();
});
