// Heap growth finder: N steps, snapshot, M steps, snapshot.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import WebSocket from 'ws';
import { startFixtureServer } from './e2e/support/fixture-server.js';
import { REF } from './bench/support.js';
const fixtures = await startFixtureServer();
const child = spawn(process.execPath, ['--inspect=127.0.0.1:0', 'bin/agent-inspector.js', 'mcp', '--headless', '--port', '0', '--isolated', '--executable-path', '/usr/bin/chromium', '--session-dir', '/tmp/heap/sessions'], { stdio: ['ignore', 'ignore', 'pipe'] });
let out = '';
const { url, insp } = await new Promise(r => child.stderr.on('data', c => { out += c; const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(out); const i = /ws:\/\/127\.0\.0\.1:\d+\/[\w-]+/.exec(out); if (m && i) r({ url: m[1], insp: i[0] }); }));
const ws = new WebSocket(insp); await new Promise(r => ws.once('open', r));
let id = 0; const pending = new Map(); let sink;
ws.on('message', d => { const m = JSON.parse(String(d)); if (m.method === 'HeapProfiler.addHeapSnapshotChunk') sink.write(m.params.chunk); else if (pending.has(m.id)) { pending.get(m.id)(m); pending.delete(m.id); } });
const send = (method, params = {}) => new Promise(r => { const i = ++id; pending.set(i, r); ws.send(JSON.stringify({ id: i, method, params })); });
async function snap(file) { await send('HeapProfiler.collectGarbage'); await send('HeapProfiler.collectGarbage'); sink = createWriteStream(file); await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false }); await new Promise(r => sink.end(r)); }
const client = new Client({ name: 'heap', version: '1' });
await client.connect(new StreamableHTTPClientTransport(new URL(url)));
const call = async (name, args) => { const r = await client.callTool({ name, arguments: args }); return r.content.filter(c => c.type === 'text').map(c => c.text).join('\n'); };
async function step(i) {
  switch (i % 8) {
    case 0: return call('browser_navigate', { url: `${fixtures.url}/form.html?visit=${i}` });
    case 1: { const y = await call('browser_snapshot', {}); const l = y.split('\n').find(l => l.includes('textbox') && REF.test(l)); return call('browser_type', { element: 'f', target: l.match(REF)[1], text: `step ${i}` }); }
    case 2: return call('browser_evaluate', { function: '() => document.title' });
    case 3: { const y = await call('browser_snapshot', {}); const l = y.split('\n').find(l => l.includes('checkbox') && REF.test(l)); return call('browser_click', { element: 'c', target: l.match(REF)[1] }); }
    case 4: return call('browser_press_key', { key: 'Tab' });
    case 5: return call('browser_console_messages', {});
    case 6: return call('browser_network_requests', {});
    default: return call('browser_wait_for', { time: 0.01 });
  }
}
const [a, b] = process.argv.slice(2).map(Number);
for (let i = 0; i < a; i++) await step(i);
await snap('/tmp/heap/a.heapsnapshot');
for (let i = a; i < a + b; i++) await step(i);
await snap('/tmp/heap/b.heapsnapshot');
await client.close(); child.kill(); await fixtures.close(); process.exit(0);
