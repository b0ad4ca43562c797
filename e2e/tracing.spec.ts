import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { expect, test } from './support/fixtures';
import { connectHttp, connectStdio, startHttpServer } from './support/mcp';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

test('the trace context of each MCP request is recorded with its step; a broken one is ignored and noted, never an error', async ({
  site,
  workspace,
}) => {
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio(['--session-dir', sessions], { cwd: workspace });
  const call = (name: string, args: Record<string, unknown>, meta?: Record<string, unknown>) =>
    mcp.client.callTool({ name, arguments: args, ...(meta && { _meta: meta }) }) as Promise<{ isError?: boolean }>;
  try {
    expect(
      (
        await call(
          'browser_navigate',
          { url: `${site.url}/form.html` },
          { traceparent: `00-${TRACE}-${PARENT}-01`, tracestate: 'vendor=abc', baggage: 'run=42' },
        )
      ).isError,
    ).toBeFalsy();
    expect(
      (await call('browser_snapshot', {}, { traceparent: 'not-a-traceparent', progressToken: 7 })).isError,
    ).toBeFalsy();
    expect((await call('browser_snapshot', {})).isError).toBeFalsy();
  } finally {
    await mcp.close();
  }
  const dir = join(sessions, readdirSync(sessions)[0]);
  const steps = readFileSync(join(dir, 'events.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(line => JSON.parse(line))
    .filter(event => event.type === 'tool-call');
  expect(steps.map(step => [step.trace, step.traceDropped])).toEqual([
    [{ traceId: TRACE, parentSpanId: PARENT, sampled: true, tracestate: 'vendor=abc', baggage: 'run=42' }, undefined],
    [undefined, ['traceparent']],
    [undefined, undefined],
  ]);
});

/** A scripted agent's tracing: the real OpenTelemetry SDK exporting over OTLP/HTTP to `url` (protobuf or JSON). */
async function agentTracer(url: string, protocol: 'protobuf' | 'json') {
  const { BasicTracerProvider, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-base');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const { OTLPTraceExporter } =
    protocol === 'protobuf'
      ? await import('@opentelemetry/exporter-trace-otlp-proto')
      : await import('@opentelemetry/exporter-trace-otlp-http');
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'scripted-agent' }),
    spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: `${url}/v1/traces` }))],
  });
  return { provider, tracer: provider.getTracer('scripted-agent') };
}

/** The spans recorded with the (one) session under `sessions`, once they are there. */
async function recordedSpans(sessions: string, until: (text: string) => boolean): Promise<string> {
  let text = '';
  await expect
    .poll(
      () => {
        const dirs = existsSync(sessions) ? readdirSync(sessions) : [];
        text =
          dirs.length && existsSync(join(sessions, dirs[0], 'spans.jsonl'))
            ? readFileSync(join(sessions, dirs[0], 'spans.jsonl'), 'utf8')
            : '';
        return until(text);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return text;
}

for (const protocol of ['protobuf', 'json'] as const) {
  test(`an agent's spans over OTLP/HTTP ${protocol} reach the session its tool calls carried the trace of, masked`, async ({
    site,
    workspace,
  }) => {
    mkdirSync(workspace, { recursive: true });
    const sessions = join(workspace, 'sessions');
    const secrets = join(workspace, 'secrets.env');
    writeFileSync(secrets, 'API_KEY=sk-live-123456\n');
    const server = await startHttpServer(['--session-dir', sessions, '--secrets', secrets], 'mcp', workspace);
    const { provider, tracer } = await agentTracer(server.url, protocol);
    const agent = await connectHttp(server.url);
    try {
      const turn = tracer.startSpan('invoke_agent');
      const inTurn = trace.setSpan(context.active(), turn);
      const marker = `MARKER-${protocol}-${Date.now()}`;
      tracer
        .startSpan(
          'chat gpt-test',
          {
            kind: SpanKind.CLIENT,
            attributes: {
              'gen_ai.operation.name': 'chat',
              'gen_ai.request.model': 'gpt-test',
              'gen_ai.input.messages': JSON.stringify([
                { role: 'user', parts: [{ type: 'text', content: 'my key is sk-live-123456' }] },
              ]),
              'gen_ai.output.messages': JSON.stringify([
                {
                  role: 'assistant',
                  parts: [
                    { type: 'text', content: marker },
                    { type: 'tool_call', name: 'browser_navigate', arguments: { url: `${site.url}/form.html` } },
                  ],
                },
              ]),
            },
          },
          inTurn,
        )
        .end();
      const tool = tracer.startSpan('execute_tool browser_navigate', {}, inTurn);
      const { traceId, spanId } = tool.spanContext();
      await agent.client.callTool({
        name: 'browser_navigate',
        arguments: { url: `${site.url}/form.html` },
        _meta: { traceparent: `00-${traceId}-${spanId}-01` },
      });
      tool.end();
      turn.end();
      await provider.forceFlush();
      const stored = await recordedSpans(sessions, text => text.includes(marker) && text.includes('invoke_agent'));
      expect(stored).toContain(traceId);
      expect(stored).toContain('<secret>API_KEY</secret>');
      expect(stored).not.toContain('sk-live-123456');
    } finally {
      await agent.close();
      await provider.shutdown();
      await server.stop();
    }
  });
}

test('POST /v1/traces: a body that is not a trace export gets a 400 naming the problem and stores nothing; gzip is read', async ({
  workspace,
}) => {
  mkdirSync(workspace, { recursive: true });
  const sessions = join(workspace, 'sessions');
  const server = await startHttpServer(['--session-dir', sessions], 'mcp', workspace);
  try {
    const post = (body: string | Buffer, headers: Record<string, string>) =>
      fetch(`${server.url}/v1/traces`, {
        method: 'POST',
        body: typeof body === 'string' ? body : new Uint8Array(body),
        headers,
      });
    const garbage = await post('{"resourceSpans": 3}', { 'content-type': 'application/json' });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({
      code: 3,
      message: 'The body is not an OTLP trace export: resourceSpans: expected an array',
    });
    const notProtobuf = await post(Buffer.from([0x0a, 0xff, 0xff, 0xff, 0x0f]), {
      'content-type': 'application/x-protobuf',
    });
    expect(notProtobuf.status).toBe(400);
    expect(await notProtobuf.text()).toContain('The body is not an OTLP protobuf trace export');
    expect((await post('x', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await fetch(`${server.url}/v1/traces`)).status).toBe(405);
    const gzipped = await post(gzipSync(JSON.stringify({ resourceSpans: [] })), {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(gzipped.status).toBe(200);
    expect(await gzipped.text()).toBe('{}');
    const bomb = await post(gzipSync(Buffer.alloc(20 * 1024 * 1024)), {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(bomb.status).toBe(400);
    expect(await bomb.json()).toMatchObject({ message: expect.stringContaining('does not inflate within the') });
  } finally {
    await server.stop();
  }
});

/** A second OTLP receiver, as a team's collector: protobuf decoded with OpenTelemetry's own .proto definitions. */
async function officialReceiver() {
  const protobuf = (await import('protobufjs')).default;
  const root = new protobuf.Root();
  const protos = resolve('node_modules/otlp-official-protos/build/protos');
  root.resolvePath = (_origin, target) => join(protos, target);
  await root.load('opentelemetry/proto/collector/trace/v1/trace_service.proto', { keepCase: false });
  const request = root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest');
  const spans: {
    name: string;
    traceId: string;
    spanId: string;
    parentSpanId: string;
    kind: number;
    attributes: Record<string, unknown>;
    status?: { code?: number };
  }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req
      .on('data', chunk => chunks.push(chunk))
      .on('end', () => {
        const decoded = request.toObject(request.decode(Buffer.concat(chunks)), {
          longs: String,
          bytes: String,
          enums: Number,
        }) as { resourceSpans?: { scopeSpans?: { spans?: Record<string, unknown>[] }[] }[] };
        for (const span of decoded.resourceSpans?.flatMap(r => r.scopeSpans ?? []).flatMap(s => s.spans ?? []) ?? []) {
          const hex = (value: unknown) =>
            typeof value === 'string' ? Buffer.from(value, 'base64').toString('hex') : '';
          const attributes = Object.fromEntries(
            ((span.attributes ?? []) as { key: string; value: Record<string, unknown> }[]).map(({ key, value }) => [
              key,
              Object.values(value)[0],
            ]),
          );
          spans.push({
            name: span.name as string,
            traceId: hex(span.traceId),
            spanId: hex(span.spanId),
            parentSpanId: hex(span.parentSpanId),
            kind: span.kind as number,
            attributes,
            status: span.status as { code?: number },
          });
        }
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      });
  });
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise<void>(done => server.close(() => done())),
  };
}

test("with --otlp-endpoint each tool call is a span of the agent's trace, its phases children, secrets masked in every attribute", async ({
  site,
  workspace,
}) => {
  mkdirSync(workspace, { recursive: true });
  const receiver = await officialReceiver();
  const secrets = join(workspace, 'secrets.env');
  writeFileSync(secrets, 'API_KEY=sk-live-123456\n');
  const server = await startHttpServer(['--otlp-endpoint', receiver.url, '--secrets', secrets], 'mcp', workspace, {
    OTEL_SERVICE_NAME: 'inspector-under-test',
  });
  const agent = await connectHttp(server.url);
  try {
    await agent.client.callTool({
      name: 'browser_navigate',
      arguments: { url: `${site.url}/form.html?key=sk-live-123456` },
      _meta: { traceparent: `00-${TRACE}-${PARENT}-01` },
    });
    await agent.client.callTool({ name: 'browser_click', arguments: { element: 'nothing', target: 'e999' } });
    await expect
      .poll(() => receiver.spans.filter(span => span.name.startsWith('tools/call')).length, { timeout: 20_000 })
      .toBe(2);
    const navigate = receiver.spans.find(span => span.name === 'tools/call browser_navigate')!;
    expect(navigate).toMatchObject({ traceId: TRACE, parentSpanId: PARENT, kind: 2 });
    expect(navigate.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'browser_navigate',
      'gen_ai.operation.name': 'execute_tool',
      'network.transport': 'tcp',
      'url.full': `${site.url}/form.html?key=<secret>API_KEY</secret>`,
    });
    expect(navigate.attributes['jsonrpc.request.id']).toBeDefined();
    expect(navigate.attributes['agent_inspector.response.bytes']).toBeDefined();
    // Its phases are its children.
    const children = receiver.spans.filter(span => span.parentSpanId === navigate.spanId).map(span => span.name);
    expect(children).toEqual(expect.arrayContaining(['action', 'snapshot']));
    // A request without trace context is a root span of a trace of its own; a failed call says so.
    const click = receiver.spans.find(span => span.name === 'tools/call browser_click')!;
    expect(click.parentSpanId).toBe('');
    expect(click.traceId).not.toBe(TRACE);
    expect(click.attributes['error.type']).toBe('tool_error');
    expect(click.status?.code).toBe(2);
    expect(JSON.stringify(receiver.spans)).not.toContain('sk-live-123456');
  } finally {
    await agent.close();
    await server.stop();
    await receiver.close();
  }
});
