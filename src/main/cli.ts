import { writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Command, Option } from 'commander';
import { addCoreOptions, addHttpOptions, coreConfigFrom, httpConfigFrom, type CliOptions } from './cli-options';
import { InspectorCore } from './core';
import { startHttpServer } from './http-server';
import { createMcpServer } from './mcp/server';
import { VERSION } from './version';
import { exportSpec } from './sessions/export';
import { listSessions, openSession } from './sessions/session-reader';
import { parseResponse, renderResponse } from '../shared/response';
import type { NegotiationRoundEvent } from '../shared/events';

export const DEFAULT_SERVE_PORT = 9400;
const log = (message: string) => process.stderr.write(`${message}\n`);

/** Closes everything once, on the first of SIGINT, SIGTERM or the end of stdin. */
function closeOnExit(close: () => Promise<void>, extraTriggers: NodeJS.EventEmitter[] = []) {
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    const forced = setTimeout(() => process.exit(0), 5_000);
    forced.unref();
    close().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  for (const trigger of extraTriggers) trigger.on('close', shutdown);
}

async function runMcp(options: CliOptions) {
  const core = new InspectorCore(coreConfigFrom(options));
  if (core.config.sessionDir) log(`Recording sessions into ${resolve(core.config.sessionDir)}`);
  if (options.port === undefined) {
    const server = createMcpServer(core, 'stdio');
    await server.connect(new StdioServerTransport());
    closeOnExit(() => core.close(), [process.stdin]);
    return;
  }
  const http = await startHttpServer(core, httpConfigFrom({ ...options, port: options.port }));
  log(`Agent Inspector MCP server listening on ${http.url}/mcp (legacy SSE: ${http.url}/sse)`);
  log(`Browser: ${core.browser.describe()}`);
  closeOnExit(async () => {
    await http.close();
    await core.close();
  });
}

async function runServe(options: CliOptions & { port: number }) {
  const core = new InspectorCore(coreConfigFrom(options));
  const uiDir = join(dirname(fileURLToPath(import.meta.url)), '../renderer');
  const http = await startHttpServer(core, httpConfigFrom(options), uiDir);
  log(`Agent Inspector (web mode) at ${http.url}/`);
  log(`MCP endpoint: ${http.url}/mcp (legacy SSE: ${http.url}/sse)`);
  log(`Browser: ${core.browser.describe()}`);
  closeOnExit(async () => {
    await http.close();
    await core.close();
  });
}

/** Writes the @playwright/test spec of a recorded session to a file or stdout. */
async function runExport(dir: string, options: { output?: string; title?: string }) {
  const session = await openSession(resolve(dir));
  for (const warning of session.warnings) log(`warning: ${warning}`);
  const spec = exportSpec(session, { title: options.title });
  if (!options.output) {
    process.stdout.write(spec);
    return;
  }
  await writeFile(options.output, spec);
  log(`Wrote ${options.output} (${session.steps.length} recorded calls). Run it with: npx playwright test ${options.output}`);
}

async function runSessions(root: string) {
  const sessions = await listSessions(resolve(root));
  if (!sessions.length) log(`No recorded sessions in ${root}.`);
  for (const session of sessions) {
    const state = session.complete ? 'complete' : 'interrupted or live';
    process.stdout.write(`${session.dir}\t${new Date(session.meta.startedAt).toISOString()}\t${session.steps} calls\t${state}\t${session.url ?? ''}\n`);
  }
}

/** One plain-language step on a page, printed as the tool response (without the snapshot); exit code 1 when it failed. */
async function runInteract(query: string, options: CliOptions & { url?: string }) {
  const core = new InspectorCore(coreConfigFrom(options));
  const cwd = process.cwd();
  const session = core.createSession('cli', async () => ({ root: cwd, outputDir: resolve(cwd, core.config.outputDir) }));
  core.bus.subscribe(event => {
    if (event.type === 'negotiation-round') log(describeRound(event));
  });
  let failed = true;
  try {
    if (options.url) {
      const navigation = await session.callTool('browser_navigate', { url: options.url });
      if (navigation.isError) {
        process.stdout.write(`${textOf(navigation.content)}\n`);
        return;
      }
    }
    const result = await session.callTool('browser_interact', { query });
    const { snapshot: _snapshot, ...sections } = parseResponse(textOf(result.content));
    process.stdout.write(`${renderResponse(sections)}\n`);
    failed = !!result.isError;
  } finally {
    await core.closeSession(session);
    await core.close();
    process.exitCode = failed ? 1 : 0;
  }
}

const textOf = (content: unknown) => (content as { type: string; text?: string }[]).find(part => part.type === 'text')?.text ?? '';

function describeRound(event: NegotiationRoundEvent): string {
  const sent = event.artifacts.map(a => `${a.name} ${(a.bytes / 1024).toFixed(1)} KB`).join(' + ');
  const answer = event.answer.kind === 'action' ? event.answer.action
    : event.answer.kind === 'needs_context' ? `needs ${event.answer.requested.domMode}: ${event.answer.reason ?? 'no reason given'}`
    : `error: ${event.answer.message}`;
  return `round ${event.round} · ${event.domMode} · ${event.nodeCount} nodes · ${sent} → ${answer}`;
}

export function buildProgram(): Command {
  const program = new Command('agent-inspector')
    .description('Inspector for AI agent browser sessions: a Playwright-MCP-compatible server on a controlled Chromium.')
    .version(VERSION, '-v, --version')
    .showHelpAfterError('(add --help for usage)');
  addHttpOptions(addCoreOptions(program.command('mcp').description('run the MCP server (stdio by default; --port for Streamable HTTP /mcp and SSE /sse)')))
    .addOption(new Option('--upstream <command>', 'proxy mode: serve the tools of this MCP browser server command (e.g. "npx @playwright/mcp"), recording every call').env('AGENT_INSPECTOR_UPSTREAM'))
    .action(runMcp);
  addHttpOptions(addCoreOptions(program.command('serve').description('run the inspector in web mode: UI, MCP (/mcp, /sse) and the planner (/api/agent/interact) on one loopback port')), DEFAULT_SERVE_PORT)
    .action(runServe);
  addCoreOptions(program.command('interact').description('carry out one plain-language step on a page through the negotiation planner')
    .argument('<query>', 'the step, e.g. "Click the Save button"')
    .option('--url <url>', 'open this page first (otherwise the step runs on a blank page or the attached browser\'s page)'))
    .action(runInteract);
  program.command('export').description('write a recorded session as a @playwright/test spec')
    .argument('<session>', 'the session folder (under --session-dir)')
    .option('-o, --output <file>', 'the spec file to write (default: stdout)')
    .option('--title <title>', 'the test title')
    .action(runExport);
  program.command('sessions').description('list the recorded sessions in a folder, newest first')
    .argument('[dir]', 'the --session-dir folder', '.')
    .action(runSessions);
  return program;
}

buildProgram().parseAsync(process.argv).catch(error => {
  log(`agent-inspector: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
