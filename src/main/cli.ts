import { fileURLToPath } from 'node:url';
import { Command, Option } from 'commander';
import { addCoreOptions, addHttpOptions } from './cli-options';
import { log } from './commands/process';
import { VERSION } from './version';

export const DEFAULT_SERVE_PORT = 9400;
/** The built renderer, beside this entry's folder (out/main/cli.js → out/renderer). */
const UI_DIR = fileURLToPath(new URL('../renderer', import.meta.url));

// Each command loads its own modules when it runs, so `--help`, `export` and `sessions` start without the browser
// stack, the MCP SDK or the planners.

export function buildProgram(): Command {
  const program = new Command('agent-inspector')
    .description('Inspector for AI agent browser sessions: a Playwright-MCP-compatible server on a controlled Chromium.')
    .version(VERSION, '-v, --version')
    .showHelpAfterError('(add --help for usage)');
  addHttpOptions(addCoreOptions(program.command('mcp').description('run the MCP server (stdio by default; --port for Streamable HTTP /mcp and SSE /sse)')))
    .addOption(new Option('--upstream <command>', 'proxy mode: serve the tools of this MCP browser server command (e.g. "npx @playwright/mcp"), recording every call').env('AGENT_INSPECTOR_UPSTREAM'))
    .action(async options => (await import('./commands/mcp')).runMcp(options));
  addHttpOptions(addCoreOptions(program.command('serve').description('run the inspector in web mode: UI, MCP (/mcp, /sse) and the planner (/api/agent/interact) on one loopback port')), DEFAULT_SERVE_PORT)
    .action(async options => (await import('./commands/serve')).runServe(options, UI_DIR));
  addCoreOptions(program.command('interact').description('carry out one plain-language step on a page through the negotiation planner')
    .argument('<query>', 'the step, e.g. "Click the Save button"')
    .option('--url <url>', 'open this page first (otherwise the step runs on a blank page or the attached browser\'s page)'))
    .action(async (query, options) => (await import('./commands/interact')).runInteract(query, options));
  program.command('export').description('write a recorded session as a @playwright/test spec')
    .argument('<session>', 'the session folder (under --session-dir)')
    .option('-o, --output <file>', 'the spec file to write (default: stdout)')
    .option('--title <title>', 'the test title')
    .action(async (session, options) => (await import('./commands/sessions')).runExport(session, options));
  program.command('sessions').description('list the recorded sessions in a folder, newest first')
    .argument('[dir]', 'the --session-dir folder', '.')
    .action(async dir => (await import('./commands/sessions')).runSessions(dir));
  return program;
}

buildProgram().parseAsync(process.argv).catch(error => {
  log(`agent-inspector: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
