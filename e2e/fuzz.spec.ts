import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import WebSocket from 'ws';
import { expect, test } from './support/fixtures';
import { heldMemory, INSPECTOR_ADDRESS } from './support/held-memory';
import {
  adversarialString,
  bridgeMessage,
  jsonRpcBody,
  MARKER,
  plannerBody,
  Rng,
  toolArguments,
  zipFile,
} from './support/fuzz-inputs';
import { startHttpServer, type HttpServerProcess } from './support/mcp';

/**
 * Hostile input, measured (issue 19, item 3): thousands of generated malformed or adversarial requests against one
 * `serve` process — JSON-RPC on Streamable HTTP and SSE, every listed tool's arguments, bridge messages, planner bodies,
 * zip imports. Every answer must be a clear error or a result (never a 500, never a stack, never a hang), the server
 * stays up, logs nothing unhandled, writes nothing outside its output folders, and gives its memory back.
 * FUZZ_SEED=<n> replays a run; FUZZ_TRACE=1 prints every request as it is sent (the last one of a lane is the hung one).
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Past this an answer counts as a hang. */
const REQUEST_TIMEOUT = 20_000;
/** What the server holds after the run and a full collection, against before (issue 19: within 20 MB). */
const MEMORY_MARGIN_MB = 20;
const STACK = /\n\s+at .+[:(]\d+:\d+\)?|\bat (?:async )?[\w.<>]+ \((?:file:\/\/|node:|\/)/;

test.describe.configure({ timeout: 240_000 });

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Every file and folder under `dir`, relative to it. */
function tree(dir: string, base = dir, out = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    out.add(relative(base, path));
    if (entry.isDirectory() && !entry.isSymbolicLink()) tree(path, base, out);
  }
  return out;
}

/** Names carrying MARKER in the places a traversal could reach: /tmp, / and the test's own root, two levels deep. */
function escapes(root: string): string[] {
  const found: string[] = [];
  const scan = (dir: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.includes(MARKER)) found.push(join(dir, entry.name));
      if (
        depth > 0 &&
        entry.isDirectory() &&
        !entry.isSymbolicLink() &&
        !entry.name.startsWith('.') &&
        entry.name !== 'proc'
      )
        scan(join(dir, entry.name), depth - 1);
    }
  };
  scan('/', 0);
  scan(tmpdir(), 1);
  scan(root, 6);
  return found;
}

/** What the server holds after a full collection: V8's heap in use plus memory outside it (buffers), in MB. */
async function collectGarbage(log: string, pid: number): Promise<number> {
  const address = INSPECTOR_ADDRESS.exec(log)?.[0];
  if (!address) throw new Error(`the server's inspector address is not in its output:\n${log.slice(0, 2000)}`);
  const memory = await heldMemory(address, pid);
  try {
    const { heap, external } = await memory.measure();
    return heap + external;
  } finally {
    memory.close();
  }
}

class Fuzzer {
  readonly failures: string[] = [];
  requests = 0;
  constructor(private readonly server: HttpServerProcess) {}

  fail(label: string, problem: string) {
    console.log(`FAIL ${label}: ${problem.slice(0, 300)}`);
    if (this.failures.length < 50) this.failures.push(`${label}: ${problem.slice(0, 400)}`);
  }

  /** One HTTP request with a time limit; checks the answer is clear: no 500, no stack. */
  async http(
    label: string,
    path: string,
    init: RequestInit = {},
  ): Promise<{ status: number; text: string; headers: Headers } | undefined> {
    this.requests++;
    if (process.env.FUZZ_TRACE) console.log(`> ${label}`);
    try {
      const response = await fetch(`${this.server.url}${path}`, {
        ...init,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT),
      });
      const text = await response.text();
      if (response.status === 500) this.fail(label, `500: ${text}`);
      else if (STACK.test(text)) this.fail(label, `a stack in the answer: ${text}`);
      return { status: response.status, text, headers: response.headers };
    } catch (error) {
      this.fail(label, `no answer: ${(error as Error).cause ?? error}`);
      return undefined;
    }
  }

  async healthy(label: string) {
    const answer = await this.http(`${label} (health)`, '/');
    if (answer?.status !== 200) this.fail(label, `the server stopped answering (health: ${answer?.status})`);
  }
}

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** The JSON-RPC messages of a Streamable HTTP answer (JSON or an event stream). */
function messagesOf(text: string): {
  result?: { content?: { type: string; text?: string }[]; isError?: boolean; tools?: unknown[] };
  error?: { message?: unknown };
}[] {
  const data = text
    .split('\n')
    .filter(line => line.startsWith('data: '))
    .map(line => line.slice(6));
  return (data.length ? data : [text]).flatMap(part => {
    try {
      const json = JSON.parse(part);
      return Array.isArray(json) ? json : [json];
    } catch {
      return [];
    }
  });
}

async function initialize(fuzz: Fuzzer): Promise<string> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
  });
  const answer = await fuzz.http('initialize', '/mcp', { method: 'POST', headers: MCP_HEADERS, body });
  const id = answer?.headers.get('mcp-session-id');
  if (!id) throw new Error(`initialize failed: ${answer?.status} ${answer?.text}`);
  await fuzz.http('initialized', '/mcp', {
    method: 'POST',
    headers: { ...MCP_HEADERS, 'mcp-session-id': id },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  return id;
}

/** A tool call's answer must be a result whose error (if any) is a clear `### Error`, or a JSON-RPC error with a message. */
function checkToolAnswer(fuzz: Fuzzer, label: string, text: string) {
  const [message] = messagesOf(text);
  if (!message) return fuzz.fail(label, `not JSON-RPC: ${text}`);
  if (message.error) {
    if (typeof message.error.message !== 'string' || !message.error.message)
      fuzz.fail(label, `an error without a message: ${text}`);
    return;
  }
  const content = message.result?.content;
  if (!Array.isArray(content)) return fuzz.fail(label, `no content: ${text}`);
  const first = content.find(part => part.type === 'text')?.text ?? '';
  if (message.result?.isError && !/### Error\n\S/.test(first))
    fuzz.fail(label, `an error that does not say what went wrong: ${first}`);
}

test('fuzz: thousands of hostile requests get clear answers; the server stays up, writes only its folders and gives memory back', async ({
  site,
}) => {
  console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} reproduces this run)`);
  const rng = new Rng(SEED);
  const root = mkdtempSync(join(tmpdir(), 'ai-fuzz-'));
  // The workspace root sits two folders down, so that a name climbing out of it lands where the test looks.
  const cwd = join(root, 'a', 'b', 'work');
  const output = join(cwd, 'output');
  const sessions = join(cwd, 'sessions');
  mkdirSync(cwd, { recursive: true });
  expect(escapes(root), 'left over from an earlier run').toEqual([]);
  // The inspector (on a port of its own, loopback) lets the test ask for a full garbage collection before measuring.
  const server = await startHttpServer(
    ['--session-dir', sessions, '--output-dir', output, '--timeout-action', '500', '--timeout-navigation', '3000'],
    'serve',
    cwd,
    { NODE_OPTIONS: '--inspect=127.0.0.1:0' },
  );
  let stderr = '';
  server.process.stderr!.on('data', chunk => (stderr += chunk));
  const fuzz = new Fuzzer(server);
  const pid = server.process.pid!;
  const started = Date.now();
  const phase = (name: string) =>
    console.log(
      `fuzz: ${name} at ${((Date.now() - started) / 1000).toFixed(1)} s, ${fuzz.requests} requests, ${fuzz.failures.length} failures so far, RSS ${rssMb(pid).toFixed(0)} MB`,
    );
  try {
    // Warm-up: one session's browser, the tool list, a page; then the baseline.
    const warm = await initialize(fuzz);
    const call = (session: string, id: number, name: string, args: unknown) =>
      fuzz.http(`tools/call ${name} ${JSON.stringify(args)?.slice(0, 300)} (session ${session.slice(0, 8)})`, '/mcp', {
        method: 'POST',
        headers: { ...MCP_HEADERS, 'mcp-session-id': session },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
      });
    const listed = await fuzz.http('tools/list', '/mcp', {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'mcp-session-id': warm },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const tools = messagesOf(listed!.text)[0].result!.tools as {
      name: string;
      inputSchema: Parameters<typeof toolArguments>[1];
    }[];
    expect(tools.length).toBeGreaterThan(20);
    await call(warm, 2, 'browser_navigate', { url: `${site.url}/form.html` });
    await fuzz.healthy('warm-up');
    const before = tree(root);

    /**
     * Every phase once; `scale` multiplies its request counts (at least one of each). Returns the MCP sessions it
     * opened, for the caller to end. Each phase's label says whether it is the warm-up.
     */
    const runPhases = async (scale: number): Promise<string[]> => {
      const times = (count: number) => Math.max(1, Math.round(count * scale));
      const label = scale < 1 ? ' (warm-up)' : '';
      phase(`streamable${label}`);
      // 1. JSON-RPC shapes on Streamable HTTP, with and without a session (one of its own: a DELETE may end it), on /mcp and /.
      const target = await initialize(fuzz);
      for (let batch = 0; batch < times(55); batch++) {
        await Promise.all(
          Array.from({ length: 10 }, async () => {
            const withSession = rng.chance(0.5);
            const headers: Record<string, string> = {
              ...MCP_HEADERS,
              ...(withSession && {
                'mcp-session-id': rng.chance(0.8)
                  ? target
                  : adversarialString(rng)
                      .replace(/[^\x21-\x7e]/g, '')
                      .slice(0, 200) || 'x',
              }),
            };
            if (rng.chance(0.1))
              headers['content-type'] = rng.pick(['text/plain', 'application/x-www-form-urlencoded', '']);
            if (rng.chance(0.1)) headers.accept = rng.pick(['*/*', 'text/html', '']);
            const method = rng.chance(0.9) ? 'POST' : rng.pick(['GET', 'DELETE', 'PUT', 'PATCH']);
            // GET with a live session opens its event stream, which stays open by design: not an answer to wait for.
            if (method === 'GET') delete headers['mcp-session-id'];
            const answer = await fuzz.http(`streamable ${method}`, rng.chance(0.8) ? '/mcp' : '/', {
              method,
              headers,
              ...(method !== 'GET' && { body: jsonRpcBody(rng) }),
            });
            if (answer && answer.status >= 400)
              for (const message of messagesOf(answer.text))
                if (message.error && typeof message.error.message !== 'string')
                  fuzz.fail('streamable', `an error without a message: ${answer.text}`);
          }),
        );
        if (batch % 5 === 4) await fuzz.healthy(`streamable batch ${batch}`);
      }

      phase('sse');
      // 2. SSE: garbage posted to a live SSE session, to an unknown one, and to /sse itself.
      const sse = new AbortController();
      const stream = await fetch(`${server.url}/sse`, { signal: sse.signal });
      const reader = stream.body!.getReader();
      let head = '';
      while (!/sessionId=([\w-]+)/.test(head)) head += new TextDecoder().decode((await reader.read()).value);
      const sseSession = /sessionId=([\w-]+)/.exec(head)![1];
      const drain = (async () => {
        try {
          while (!(await reader.read()).done);
        } catch {
          // aborted at the end
        }
      })();
      for (let batch = 0; batch < times(25); batch++) {
        await Promise.all(
          Array.from({ length: 10 }, async () => {
            const target = rng.pick([
              `/sse?sessionId=${sseSession}`,
              `/sse?sessionId=${sseSession}`,
              '/sse?sessionId=nope',
              '/sse',
              `/sse?sessionId=${encodeURIComponent(
                adversarialString(rng)
                  .slice(0, 300)
                  .replace(/[\ud800-\udfff]/g, ''),
              )}`,
            ]);
            const answer = await fuzz.http('sse POST', target, {
              method: 'POST',
              headers: { 'content-type': rng.chance(0.9) ? 'application/json' : 'text/plain' },
              body: jsonRpcBody(rng),
            });
            if (answer && answer.status >= 500) fuzz.fail('sse POST', `${answer.status}: ${answer.text}`);
          }),
        );
        if (batch % 5 === 4) await fuzz.healthy(`sse batch ${batch}`);
      }
      sse.abort();
      await drain;

      phase('tools');
      // 3. Every listed tool with generated arguments, four sessions side by side (calls within a session run in order).
      const sessionsIds = [
        await initialize(fuzz),
        await initialize(fuzz),
        await initialize(fuzz),
        await initialize(fuzz),
      ];
      const calls = tools.flatMap(tool =>
        Array.from({ length: times(16) }, () => ({ tool, args: toolArguments(rng, tool.inputSchema, site.url) })),
      );
      for (const { tool, args } of calls) {
        // A real wait would only measure its own cap (tested in tools.spec): keep generated waits short.
        if (tool.name === 'browser_wait_for' && args && typeof args === 'object' && 'time' in args)
          (args as Record<string, unknown>).time = 0.01;
      }
      let next = 0;
      await Promise.all(
        sessionsIds.map(async (session, lane) => {
          for (let i = lane; i < calls.length; i += sessionsIds.length) {
            const { tool, args } = calls[i];
            const answer = await call(session, 100 + i, tool.name, args);
            if (answer) checkToolAnswer(fuzz, `${tool.name} ${JSON.stringify(args)?.slice(0, 200)}`, answer.text);
            if (++next % 100 === 0) {
              phase(`tools ${next}/${calls.length}`);
              await fuzz.healthy(`tools ${next}`);
            }
          }
        }),
      );

      phase('planner');
      // 4. Planner bodies.
      for (let batch = 0; batch < times(40); batch++) {
        await Promise.all(
          Array.from({ length: 10 }, async () => {
            const answer = await fuzz.http('planner', '/api/agent/interact', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: plannerBody(rng),
            });
            if (answer && !/^\{"error":"\S/.test(answer.text) && answer.status !== 200)
              fuzz.fail('planner', `not a clear error: ${answer.status} ${answer.text}`);
          }),
        );
        if (batch % 10 === 9) await fuzz.healthy(`planner batch ${batch}`);
      }

      phase('bridge');
      // 5. Bridge WebSocket messages, then zip imports through the same bridge.
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/bridge`, { headers: { origin: server.url } });
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const pending = new Map<number, (reply: { ok: boolean; error?: string; result?: unknown }) => void>();
      socket.on('message', data => {
        const message = JSON.parse(String(data));
        if (typeof message.id === 'number') pending.get(message.id)?.(message);
      });
      let bridgeId = 0;
      const send = (label: string, frame: string, id?: number) => {
        fuzz.requests++;
        socket.send(frame);
        if (id === undefined) return Promise.resolve(undefined);
        return new Promise<{ ok: boolean; error?: string; result?: unknown } | undefined>(resolve => {
          const timer = setTimeout(() => {
            fuzz.fail(label, `no reply to ${frame.slice(0, 200)}`);
            resolve(undefined);
          }, REQUEST_TIMEOUT);
          pending.set(id, reply => {
            clearTimeout(timer);
            pending.delete(id);
            if (!reply.ok && (typeof reply.error !== 'string' || !reply.error || STACK.test(reply.error)))
              fuzz.fail(label, `not a clear error: ${JSON.stringify(reply).slice(0, 300)}`);
            resolve(reply);
          });
        });
      };
      const commands = [
        'openSession',
        'getStep',
        'stepDiff',
        'stateFiles',
        'readStateFile',
        'negotiation',
        'screenshot',
        'stepActivity',
        'searchSessions',
        'highlight',
        'locate',
        'export',
        'chooseLocator',
        'replayState',
        'replayTo',
        'zipSession',
        'readTransfer',
        'importBegin',
        'importChunk',
        'importFinish',
        'openSessionPath',
        'saveSpec',
        'runCode',
        '__proto__',
        'constructor',
      ];
      for (let batch = 0; batch < times(35); batch++) {
        await Promise.all(
          Array.from({ length: 10 }, () => {
            const id = ++bridgeId;
            // Frames over the bridge's 1 MB limit close the socket (checked once below), so generated ones stay under it.
            let frame = bridgeMessage(rng, id, commands);
            while (frame.length > 900_000) frame = bridgeMessage(rng, id, commands);
            // A frame that is not a request with our id gets no reply to wait for (the socket must stay open regardless).
            let expectsReply = false;
            try {
              expectsReply = JSON.parse(frame)?.id === id;
            } catch {
              // not JSON
            }
            return send('bridge', frame, expectsReply ? id : undefined);
          }),
        );
        if (socket.readyState !== WebSocket.OPEN)
          fuzz.fail('bridge', `the bridge socket was closed after batch ${batch}`);
        if (batch % 10 === 9) await fuzz.healthy(`bridge batch ${batch}`);
      }
      for (let i = 0; i < times(60); i++) {
        const zip = zipFile(rng);
        const begin = await send(
          'importBegin',
          JSON.stringify({
            id: ++bridgeId,
            command: 'importBegin',
            input: {
              name: rng.chance(0.5) ? 'session.zip' : adversarialString(rng).slice(0, 200) || 'x',
              size: zip.length,
            },
          }),
          bridgeId,
        );
        const uploadId = (begin?.result as { uploadId?: string } | undefined)?.uploadId;
        if (!uploadId) continue;
        await send(
          'importChunk',
          JSON.stringify({
            id: ++bridgeId,
            command: 'importChunk',
            input: { uploadId, offset: 0, base64: zip.toString('base64') },
          }),
          bridgeId,
        );
        await send(
          'importFinish',
          JSON.stringify({ id: ++bridgeId, command: 'importFinish', input: { uploadId } }),
          bridgeId,
        );
      }
      socket.close();
      // A frame over the limit: the socket closes with "message too big" (1009), the server keeps serving.
      const big = new WebSocket(`${server.url.replace('http', 'ws')}/bridge`, { headers: { origin: server.url } });
      await new Promise((resolve, reject) => big.once('open', resolve).once('error', reject));
      fuzz.requests++;
      big.send(JSON.stringify({ id: 1, command: 'openSession', input: { sessionId: 'x'.repeat(17 * 2 ** 20) } }));
      const closeCode = await new Promise<number>(resolve => big.once('close', code => resolve(code)));
      if (closeCode !== 1009)
        fuzz.fail('bridge oversized frame', `closed with ${closeCode}, not 1009 (message too big)`);
      await fuzz.healthy('end');
      return [...sessionsIds, target];
    };
    const endSessions = async (sessions: string[]) => {
      for (const session of sessions)
        await fuzz.http('DELETE session', '/mcp', { method: 'DELETE', headers: { 'mcp-session-id': session } });
    };

    // Every code path once before the baseline: what a first use loads for good (modules, compiled code, caches) is
    // not what a leak would hold.
    await endSessions(await runPhases(0.02));
    const heldBefore = await collectGarbage(server.log(), pid);
    await new Promise(resolve => setTimeout(resolve, 1000));
    const rssBefore = rssMb(pid);

    const sessions = await runPhases(1);

    phase('memory');
    // Memory: the clients leave (their browser contexts go), then back within the margin after a settle.
    await endSessions([warm, ...sessions]);
    // Garbage is not a leak: collect it (as V8 would in its own time), then let freed pages go back.
    const heldAfter = await collectGarbage(server.log(), pid);
    const rssAfter = rssMb(pid);
    phase('settled');
    if (fuzz.failures.length) console.log(fuzz.failures.join('\n'));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz: ${fuzz.requests} requests in ${seconds} s; server RSS ${rssBefore.toFixed(1)} MB before, ${rssAfter.toFixed(1)} MB after; ` +
        `held (heap and buffers, after a full collection) ${heldBefore.toFixed(1)} MB before, ${heldAfter.toFixed(1)} MB after`,
    );

    expect(fuzz.failures, `seed ${SEED}`).toEqual([]);
    expect(fuzz.requests).toBeGreaterThanOrEqual(2000);
    expect(server.process.exitCode).toBeNull();
    expect(stderr).not.toMatch(/Unhandled/i);
    // Nothing new outside the output and session folders; no traversal name anywhere it could have reached.
    // Inside the workspace root is allowed: relative names an agent gives resolve there, as in @playwright/mcp.
    const added = [...tree(root)].filter(path => !before.has(path) && !path.startsWith(join('a', 'b', 'work')));
    expect(added, `seed ${SEED}`).toEqual([]);
    expect(
      escapes(root).filter(path => !path.startsWith(`${cwd}/`)),
      `seed ${SEED}`,
    ).toEqual([]);
    expect(
      heldAfter - heldBefore,
      `seed ${SEED}: held ${heldBefore.toFixed(1)} → ${heldAfter.toFixed(1)} MB (RSS ${rssBefore.toFixed(1)} → ${rssAfter.toFixed(1)} MB)`,
    ).toBeLessThan(MEMORY_MARGIN_MB);
  } finally {
    await server.stop();
  }
});

test('the fuzz generator is reproducible: the same seed gives the same inputs', () => {
  const one = new Rng(42);
  const two = new Rng(42);
  const draw = (rng: Rng) => [
    jsonRpcBody(rng),
    plannerBody(rng),
    bridgeMessage(rng, 1, ['openSession']),
    adversarialString(rng),
  ];
  expect(draw(one)).toEqual(draw(two));
});
