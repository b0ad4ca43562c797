// Soak: 10,000 recorded steps of agent work against one `mcp --port` server (five sessions of 2,000 steps, one after
// another), sampling the server process's RSS and open file descriptors (Chromium excluded) and reading the recording
// back with `export` while it grows. Prints the samples and the slopes after warm-up, which should be flat.
//   npm run bench:soak [-- --steps 10000]
import { execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startFixtureServer } from '../e2e/support/fixture-server.js';
import { heldMemory, INSPECTOR_ADDRESS } from '../e2e/support/held-memory.js';
import { CHROMIUM, machineInfo, OUR_CLI, printTable, REF } from './support.js';

const run = promisify(execFile);
const stepsArg = process.argv.indexOf('--steps');
const TOTAL_STEPS = stepsArg > 0 ? Number(process.argv[stepsArg + 1]) : 10_000;
const SESSIONS = 5;
const SAMPLE_EVERY = 500;
/** Samples before this many steps are warm-up (caches, JIT, the first browser contexts). */
const WARM_UP = 1_000;

const rssMb = pid => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const openFds = pid => readdirSync(`/proc/${pid}/fd`).length;

/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den ? num / den : 0;
}

async function startServer(sessionDir, cwd) {
  const child = spawn(
    process.execPath,
    [
      '--inspect=127.0.0.1:0',
      OUR_CLI,
      'mcp',
      '--headless',
      '--port',
      '0',
      '--isolated',
      '--executable-path',
      CHROMIUM,
      '--session-dir',
      sessionDir,
    ],
    { cwd, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  const { url, inspector } = await new Promise((resolve, reject) => {
    child.stderr.on('data', chunk => {
      output = (output + chunk).slice(-4000);
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(output);
      const inspector = INSPECTOR_ADDRESS.exec(output);
      if (match && inspector) resolve({ url: match[1], inspector: inspector[0] });
    });
    child.once('exit', code => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return { child, url, memory: await heldMemory(inspector, child.pid), tail: () => output };
}

/** One step of agent work, cycling through what agents do most: navigate, snapshot, click, type, evaluate, wait. */
async function step(client, site, i) {
  const call = async (name, args) => {
    const result = await client.callTool({ name, arguments: args });
    const text = result.content
      .filter(c => c.type === 'text')
      .map(c => c.text)
      .join('\n');
    if (result.isError) throw new Error(`${name} failed at step ${i}: ${text.slice(0, 500)}`);
    return text;
  };
  switch (i % 8) {
    case 0:
      return call('browser_navigate', { url: `${site}/form.html?visit=${i}` });
    case 1: {
      const yaml = await call('browser_snapshot', {});
      const line = yaml.split('\n').find(l => l.includes('textbox') && REF.test(l));
      return call('browser_type', { element: 'first text field', target: line.match(REF)[1], text: `step ${i}` });
    }
    case 2:
      return call('browser_evaluate', { function: '() => document.title' });
    case 3: {
      const yaml = await call('browser_snapshot', {});
      const line = yaml.split('\n').find(l => l.includes('checkbox') && REF.test(l));
      return call('browser_click', { element: 'a checkbox', target: line.match(REF)[1] });
    }
    case 4:
      return call('browser_press_key', { key: 'Tab' });
    case 5:
      return call('browser_console_messages', {});
    case 6:
      return call('browser_network_requests', {});
    default:
      return call('browser_wait_for', { time: 0.01 });
  }
}

async function main() {
  console.log(machineInfo());
  const fixtures = await startFixtureServer();
  const cwd = await mkdtemp(join(tmpdir(), 'bench-soak-'));
  const sessionDir = join(cwd, 'sessions');
  const server = await startServer(sessionDir, cwd);
  const pid = server.child.pid;
  const samples = [];
  const readBack = [];
  const started = performance.now();
  try {
    let done = 0;
    for (let s = 0; s < SESSIONS; s++) {
      const client = new Client({ name: `soak-${s}`, version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(server.url));
      await client.connect(transport);
      const steps = Math.ceil(TOTAL_STEPS / SESSIONS);
      for (let i = 0; i < steps && done < TOTAL_STEPS; i++, done++) {
        await step(client, fixtures.url, i);
        if ((done + 1) % SAMPLE_EVERY === 0) {
          const sample = {
            steps: done + 1,
            rss: rssMb(pid),
            fds: openFds(pid),
            seconds: (performance.now() - started) / 1000,
          };
          // After a full collection: what the server still holds, apart from garbage the allocator has not given back.
          const held = await server.memory.measure();
          samples.push({ ...sample, held: held.heap + held.external, heldRss: held.rss });
          process.stderr.write(
            `\r${done + 1}/${TOTAL_STEPS} steps, RSS ${sample.rss.toFixed(0)} MB, held ${samples.at(-1).held.toFixed(1)} MB, ${sample.fds} fds   `,
          );
        }
        // The recording stays readable while it grows: export the live session now and then.
        if ((i + 1) % 1_000 === 0) {
          const folder = readdirSync(sessionDir).sort().at(-1);
          const t = performance.now();
          const { stdout } = await run(process.execPath, [OUR_CLI, 'export', join(sessionDir, folder)], {
            maxBuffer: 256 * 2 ** 20,
          });
          readBack.push({
            steps: i + 1,
            ms: performance.now() - t,
            lines: stdout.split('\n').length,
            ok: stdout.includes("test('"),
          });
        }
      }
      // Ends the session as a client that is done does (HTTP DELETE): the server lets go of its browser context and
      // recording. A client that only drops the connection leaves its session open, as the protocol intends.
      await transport.terminateSession();
      await client.close();
    }
  } finally {
    process.stderr.write('\n');
    // Wait for it to exit: it writes the sessions' last records on the way out, and removing the folder under it fails.
    const exited =
      server.child.exitCode !== null ? Promise.resolve() : new Promise(resolve => server.child.once('exit', resolve));
    server.memory.close();
    server.child.kill('SIGTERM');
    await exited;
    await fixtures.close();
    await rm(cwd, { recursive: true, force: true });
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\n${TOTAL_STEPS} steps in ${seconds.toFixed(0)} s (${(TOTAL_STEPS / seconds).toFixed(0)} steps/s), ${SESSIONS} sessions over Streamable HTTP, recorded\n`,
  );
  printTable(
    ['steps', 'elapsed s', 'RSS MB', 'RSS after GC MB', 'held (heap + external) MB', 'open fds'],
    samples.map(s => [s.steps, s.seconds.toFixed(0), s.rss.toFixed(1), s.heldRss.toFixed(1), s.held.toFixed(1), s.fds]),
    1,
  );
  const steady = samples.filter(s => s.steps > WARM_UP);
  if (steady.length >= 2) {
    const range = key =>
      `${Math.min(...steady.map(s => s[key])).toFixed(0)}–${Math.max(...steady.map(s => s[key])).toFixed(0)}`;
    const perThousand = key => slope(steady.map(s => ({ x: s.steps / 1000, y: s[key] }))).toFixed(2);
    console.log(
      `\nAfter ${WARM_UP} warm-up steps, per 1,000 steps: RSS slope ${perThousand('rss')} MB, RSS after GC ${perThousand('heldRss')} MB, ` +
        `held (heap + external) ${perThousand('held')} MB, open fds ${perThousand('fds')} (RSS ${range('rss')} MB, fds ${range('fds')})`,
    );
  } else console.log(`\nToo few steps after the ${WARM_UP}-step warm-up for a slope: run more (--steps).`);
  if (readBack.length) {
    console.log(
      `Recording read back while growing (export of the live session): ${readBack.filter(r => r.ok).length}/${readBack.length} readable, ` +
        `slowest ${Math.max(...readBack.map(r => r.ms)).toFixed(0)} ms`,
    );
  }
  if (readBack.some(r => !r.ok)) process.exitCode = 1;
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
