// Tracing benchmark (issue 31): what exporting a span per call costs the agent, whether anything of OpenTelemetry is
// loaded when export is off, and how fast a large OTLP request is stored.
//
//   npm run bench:tracing                    (builds first)
//   node bench/tracing.js --iterations 5     (or BENCH_ITERATIONS=5)
//   node bench/tracing.js --only ingest      (or --only export)
//
// 1. Export: the same calls (navigate, click, type, snapshot on a small and a 5,000-control page, and on saved real
//    pages) on our server without export and with --otlp-endpoint pointed at a local OTLP receiver, interleaved round
//    by round; medians and the ratio export/off per tool, and their geometric mean.
// 2. Off means off: the modules loaded by a server without export, checked for any @opentelemetry package.
// 3. Ingest: 10,000 spans made by the OpenTelemetry SDK, in one request (protobuf, then JSON), to POST /v1/traces of
//    a server whose session carried their trace: time to the answer, and until all are in the session's spans.jsonl.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { context, trace, TraceFlags } from '@opentelemetry/api';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startFixtureServer } from '../e2e/support/fixture-server.js';
import {
  call,
  CHROMIUM,
  fmt,
  geomean,
  iterationsFromArgs,
  machineInfo,
  OUR_CLI,
  percentile,
  printTable,
  REF,
  refOf,
  startRealPages,
  timed,
  withServers,
} from './support.js';

const iterations = iterationsFromArgs(5);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
if (only && only !== 'export' && only !== 'ingest') throw new Error(`--only takes export or ingest, not ${only}`);
const TOOLS = ['browser_navigate', 'browser_click', 'browser_type', 'browser_snapshot'];
const REAL_PAGES = ['wikipedia-2', 'nytimes-1', 'lemonde-1', 'gitlab-blog'];

/** A local OTLP receiver: answers 200 at once and counts the requests, as a collector on the same machine would. */
async function startReceiver() {
  let requests = 0;
  const server = createServer((req, res) => {
    req.resume().on('end', () => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests: () => requests,
    close: () => new Promise(resolve => server.close(resolve)),
  };
}

async function exportCost(fixtures, realPages, receiver) {
  const preload = join(mkdtempSync(join(tmpdir(), 'bench-tracing-')), 'loaded.cjs');
  const loadedFile = `${preload}.json`;
  // Written when the server exits: every module it loaded through require (ESM imports of CommonJS packages too).
  writeFileSync(
    preload,
    `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(loadedFile)}, JSON.stringify(Object.keys(require.cache))));\n`,
  );
  const base = [OUR_CLI, 'mcp', '--headless', '--isolated', '--executable-path', CHROMIUM];
  const servers = [
    { name: 'off', args: base, env: { NODE_OPTIONS: `--require ${preload}` } },
    { name: 'export', args: [...base, '--otlp-endpoint', receiver.url] },
  ];
  const pages = [
    {
      name: 'small',
      url: `${fixtures.url}/form.html`,
      click: 'checkbox "I accept the terms"',
      type: 'textbox "Full name"',
    },
    {
      name: 'large',
      url: `${fixtures.url}/large.html?n=5000`,
      click: 'button "Action 2501"',
      type: 'textbox "Item 2500"',
    },
    ...REAL_PAGES.map(name => ({
      name,
      url: `${realPages.url}/${name}.html`,
      click: /^(link|button) "[^"]+"/,
      type: /^(textbox|searchbox) "[^"]*"/,
    })),
  ];
  await withServers(servers, { close: async () => {} }, async connected => {
    for (let round = 0; round <= iterations; round++) {
      for (const page of pages) {
        for (const server of connected) {
          const record = round > 0;
          await timed(server, page.name, record, 'browser_navigate', { url: page.url });
          // Untimed, for the refs: a diff-mode answer to a navigation outlines the page.
          const yaml = await call(server, page.name, 'browser_snapshot', {}, [REF]);
          const pick = element =>
            typeof element === 'string'
              ? refOf(yaml, element, server)
              : yaml
                  .split('\n')
                  .find(line => element.test(line.trim().slice(2)) && REF.test(line))
                  ?.match(REF)[1];
          const typeRef = pick(page.type);
          if (typeRef)
            await timed(server, page.name, record, 'browser_type', {
              element: 'field',
              target: typeRef,
              text: `bench ${round}`,
            });
          await timed(server, page.name, record, 'browser_snapshot', {});
          // Last: a click may navigate away.
          const clickRef = pick(page.click);
          if (clickRef)
            await timed(server, page.name, record, 'browser_click', { element: 'target', target: clickRef }).catch(
              () => {},
            );
        }
      }
    }
    const [off, exported] = connected;
    const rows = [];
    const ratios = [];
    for (const page of pages) {
      for (const tool of TOOLS) {
        const a = off.samples[page.name]?.[tool];
        const b = exported.samples[page.name]?.[tool];
        if (!a?.length || !b?.length) continue;
        const ratio = percentile(b, 50) / percentile(a, 50);
        ratios.push(ratio);
        rows.push([page.name, tool, fmt(percentile(a, 50)), fmt(percentile(b, 50)), ratio.toFixed(3)]);
      }
    }
    console.log('\n1. Export on vs off: median ms per call, over MCP stdio');
    printTable(['page', 'tool', 'off', 'export', 'export/off'], rows);
    console.log(
      `geomean export/off: ${geomean(ratios).toFixed(3)} (${ratios.length} page×tool rows); the receiver got ${receiver.requests()} export requests`,
    );
  });
  const loaded = existsSync(loadedFile) ? JSON.parse(readFileSync(loadedFile, 'utf8')) : undefined;
  const otel = loaded?.filter(path => path.includes('@opentelemetry')) ?? [];
  console.log(
    `\n2. Export off: ${loaded ? `${otel.length} OpenTelemetry modules loaded of ${loaded.length}` : 'the module list was not written'}`,
  );
}

/** `mcp --port 0 --session-dir …`: resolves with its URL and the session folder root. */
async function startHttpMcp() {
  const sessions = mkdtempSync(join(tmpdir(), 'bench-tracing-sessions-'));
  const child = spawn(
    process.execPath,
    [
      OUR_CLI,
      'mcp',
      '--headless',
      '--isolated',
      '--port',
      '0',
      '--executable-path',
      CHROMIUM,
      '--session-dir',
      sessions,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  const url = await new Promise((resolve, reject) => {
    child.stderr.on('data', chunk => {
      output += chunk;
      const match = output.match(/(http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve(match[1]);
    });
    child.once('exit', code => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return {
    url,
    sessions,
    close: () =>
      new Promise(resolve => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** 10,000 finished spans of one trace from the SDK: a chat span each, with GenAI attributes of a realistic size. */
function sdkSpans(traceId, count) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer('bench');
  const parent = trace.setSpanContext(context.active(), {
    traceId,
    spanId: 'a1b2c3d4e5f60718',
    traceFlags: TraceFlags.SAMPLED,
    isRemote: true,
  });
  for (let i = 0; i < count; i++) {
    tracer
      .startSpan(
        `chat ${i}`,
        {
          attributes: {
            'gen_ai.operation.name': 'chat',
            'gen_ai.request.model': 'bench-model',
            'gen_ai.usage.input_tokens': 1000 + i,
            'gen_ai.output.messages': JSON.stringify([
              { role: 'assistant', parts: [{ type: 'text', content: `turn ${i} `.repeat(20) }] },
            ]),
          },
        },
        parent,
      )
      .end();
  }
  return exporter.getFinishedSpans();
}

async function ingest(fixtures) {
  console.log('\n3. Ingest: 10,000 spans in one POST /v1/traces');
  const rows = [];
  for (const protocol of ['protobuf', 'json']) {
    const server = await startHttpMcp();
    const client = new Client({ name: 'bench', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
      const traceId = [...crypto.getRandomValues(new Uint8Array(16))]
        .map(b => b.toString(16).padStart(2, '0'))
        .join('');
      await client.callTool({
        name: 'browser_navigate',
        arguments: { url: `${fixtures.url}/form.html` },
        _meta: { traceparent: `00-${traceId}-a1b2c3d4e5f60718-01` },
      });
      const spans = sdkSpans(traceId, 10_000);
      const body =
        protocol === 'protobuf'
          ? ProtobufTraceSerializer.serializeRequest(spans)
          : JsonTraceSerializer.serializeRequest(spans);
      const started = performance.now();
      const response = await fetch(`${server.url}/v1/traces`, {
        method: 'POST',
        body,
        headers: { 'content-type': protocol === 'protobuf' ? 'application/x-protobuf' : 'application/json' },
      });
      const answered = performance.now() - started;
      if (response.status !== 200) throw new Error(`${protocol}: ${response.status} ${await response.text()}`);
      const file = () => join(server.sessions, readdirSync(server.sessions)[0], 'spans.jsonl');
      while (!existsSync(file()) || readFileSync(file(), 'utf8').split('\n').length <= 10_000)
        await new Promise(resolve => setTimeout(resolve, 5));
      rows.push([
        protocol,
        `${(body.length / 2 ** 20).toFixed(1)} MB`,
        fmt(answered),
        fmt(performance.now() - started),
      ]);
    } finally {
      await client.close().catch(() => {});
      await server.close();
    }
  }
  printTable(['body', 'size', 'answered ms', 'stored ms'], rows, 2);
}

console.log(machineInfo());
const fixtures = await startFixtureServer();
const realPages = await startRealPages();
const receiver = await startReceiver();
try {
  if (only !== 'ingest') await exportCost(fixtures, realPages, receiver);
  if (only !== 'export') await ingest(fixtures);
} finally {
  await receiver.close();
  await realPages.close();
  await fixtures.close();
}
