import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError, Option } from 'commander';
import { addCoreOptions, addHttpOptions } from './cli-options';
import { attributeName, port } from './cli-arg-parsers';
import { log } from './commands/process';
import { addDebugOptions } from './debug-options';
import { addPeerOptions, applyPeerSources } from './peer-options';
import { VERSION } from './version';

export const DEFAULT_SERVE_PORT = 9400;
const DEFAULT_REPORT_PORT = 9410;
/** The built renderer, beside this entry's folder (out/main/cli.js → out/renderer). */
const UI_DIR = fileURLToPath(new URL('../renderer', import.meta.url));
/** The static report's viewer (report.vite.config.ts), beside the renderer. */
const REPORT_VIEWER_DIR = fileURLToPath(new URL('../report-viewer', import.meta.url));
/** What ships beside the build (out/main/cli.js → resources/): the demo site. */
const RESOURCES_DIR = fileURLToPath(new URL('../../resources', import.meta.url));

// Each command loads its own modules when it runs, so `--help`, `export` and `sessions` start without the browser
// stack, the MCP SDK or the planners.

const upstreamOption = () =>
  new Option(
    '--upstream <command>',
    'proxy mode: serve the tools of this MCP browser server command (e.g. "npx @playwright/mcp"), recording every call',
  ).env('AGENT_INSPECTOR_UPSTREAM');

export function buildProgram(): Command {
  const program = new Command('agent-inspector')
    .description(
      'Inspector for AI agent browser sessions: a Playwright-MCP-compatible server on a controlled Chromium.',
    )
    .version(VERSION, '-v, --version')
    .showHelpAfterError('(add --help for usage)');
  addDebugOptions(
    addPeerOptions(
      addHttpOptions(
        addCoreOptions(
          program
            .command('mcp')
            .description('run the MCP server (stdio by default; --port for Streamable HTTP /mcp and SSE /sse)'),
        ),
      ),
    ),
    { ui: true },
  )
    .hook('preAction', command => applyPeerSources(command))
    .addOption(upstreamOption())
    .action(async options => (await import('./commands/mcp')).runMcp(options, {}, UI_DIR));
  addDebugOptions(
    addPeerOptions(
      addHttpOptions(
        addCoreOptions(
          program
            .command('fork')
            .description(
              'serve MCP sessions that continue a recorded session from a step: its cookies, storage, URL and forms restored (or its steps replayed), recorded as a fork of it',
            )
            .argument('<session>', 'a session folder, or a session id under --session-dir'),
        ),
      ),
    ),
    { ui: true },
  )
    .hook('preAction', command => applyPeerSources(command))
    .requiredOption('--at <step>', 'the recorded step to continue after')
    .addOption(
      new Option(
        '--method <method>',
        'how to restore: state (storage, URL, form input), replay (every step), or auto (state unless the page changed in place)',
      )
        .choices(['auto', 'state', 'replay'])
        .default('auto'),
    )
    .action(async (session, options) => (await import('./commands/fork')).runFork(session, options, UI_DIR));
  addDebugOptions(
    addPeerOptions(
      addHttpOptions(
        addCoreOptions(
          program
            .command('serve')
            .description(
              'run the inspector in web mode: UI, MCP (/mcp, /sse) and the planner (/api/agent/interact) on one loopback port',
            ),
        ),
        DEFAULT_SERVE_PORT,
      ),
    ),
  )
    .hook('preAction', command => applyPeerSources(command))
    .addOption(upstreamOption())
    .option('--open', 'open the UI in a Chromium app window (prints the URL when no Chromium or display is found)')
    .action(async options => (await import('./commands/serve')).runServe(options, UI_DIR, RESOURCES_DIR));
  addCoreOptions(
    program
      .command('interact')
      .description('carry out one plain-language step on a page through the negotiation planner')
      .argument('<query>', 'the step, e.g. "Click the Save button"')
      .option(
        '--url <url>',
        "open this page first (otherwise the step runs on a blank page or the attached browser's page)",
      ),
  ).action(async (query, options) => (await import('./commands/interact')).runInteract(query, options));
  addCoreOptions(
    program
      .command('scenario')
      .description(
        'carry out a scenario (YAML or Markdown: a start URL and plain-language steps) and write it as a @playwright/test spec',
      )
      .argument('<file>', 'the scenario file (.yaml/.yml, or Markdown)')
      .option('-o, --output <file>', 'the spec file to write (default: stdout)')
      .addOption(viewportExpansionOption('-1: the whole page')),
  ).action(async (file, options) => (await import('./commands/scenario')).runScenario(file, options));
  // Hidden: prints the DOM as the scenario parser formats it, or its timings (npm run bench:dom-processor).
  addCoreOptions(
    program
      .command('dom-processor', { hidden: true })
      .argument('<url>', 'the page to read')
      .addOption(viewportExpansionOption('500'))
      .option('--iterations <n>', 'extractions to run', value => Number(value), 1)
      .option('--aria', 'also time the aria snapshot of the same page')
      .option('--json', 'print timings and sizes as JSON instead of the formatted DOM'),
  ).action(async (url, options) => (await import('./commands/scenario')).runDomProcessor(url, options));
  program
    .command('export')
    .description('write a recorded session as a @playwright/test spec')
    .argument('[session]', 'a session folder or .zip, a recording folder, or a session id under --session-dir')
    .addOption(sessionDirOption())
    .option('--session <id>', 'the session (id, id prefix or folder name) under the recording folder')
    .option('--latest', 'the newest session under the recording folder')
    .option('-o, --output <file>', 'the spec file to write, folders made as needed (default: stdout)')
    .option('--force', 'replace the output file if it exists')
    .option('--title <title>', 'the test title')
    .option('--aria-checkpoints', "assert the page's aria snapshot (toMatchAriaSnapshot) wherever the agent took one")
    .option(
      '--report',
      'print the locator report (Markdown: candidates, counts, warnings) to stdout — instead of the spec without -o',
    )
    .option(
      '--choose <step=n...>',
      "locate a step's target by the report's candidate n (<step>[.<target>]=<n>); saved with the session",
    )
    .addOption(
      new Option(
        '--test-id-attribute <attr>',
        'the attribute getByTestId reads (default: the one the session ran with)',
      ).argParser(attributeName),
    )
    .action(async (session, options) => (await import('./commands/sessions')).runExport(session, options));
  program
    .command('redact')
    .description(
      'scrub secret values out of a recorded session (made before they were masked): every file, as if masked while recording',
    )
    .argument(
      '[session]',
      'a session folder or .zip (rewritten in place), a recording folder, or a session id under --session-dir',
    )
    .addOption(sessionDirOption())
    .option('--session <id>', 'the session (id, id prefix or folder name) under the recording folder')
    .option('--latest', 'the newest session under the recording folder')
    .option(
      '--value <value>',
      'a value to scrub (repeatable); NAME=value names the variable it becomes (default SECRET, SECRET_2…)',
      (value: string, values: string[] = []) => [...values, value],
    )
    .option('--secrets <file>', 'dotenv file of NAME=value: every value scrubbed under its name')
    .action(async (session, options) => (await import('./commands/redact')).runRedact(session, options));
  program
    .command('attach-trace')
    .description(
      "add the agent's OpenTelemetry spans (an OTLP JSON file, as a collector's file exporter writes it) to a recorded session: its model turns beside the steps",
    )
    .argument(
      '<session>',
      'a session folder or .zip (rewritten in place), a recording folder, or a session id under --session-dir',
    )
    .argument('<file>', 'OTLP JSON: one trace export request, or one per line')
    .addOption(sessionDirOption())
    .option('--session <id>', 'the session (id, id prefix or folder name) under the recording folder')
    .option('--latest', 'the newest session under the recording folder')
    .option('--secrets <file>', 'dotenv file of NAME=value: each value masked in the spans as <secret>NAME</secret>')
    .action(async (session, file, options) =>
      (await import('./commands/attach-trace')).runAttachTrace(session, file, options),
    );
  program
    .command('report')
    .description(
      "write a static report of recorded runs: the inspector's UI, read-only, opening from file:// or any static host",
    )
    .argument(
      '[sessions...]',
      'session folders or .zip files, or session ids under --session-dir (default: every session there)',
    )
    .addOption(sessionDirOption())
    .option('--latest', 'only the newest session under the recording folder')
    .option('-o, --output <dir>', 'the report folder (replaced if it holds a report)', 'agent-inspector-report')
    .option(
      '--no-zip',
      "leave out each run's session zip (Download session): half the size, and no request credentials at all",
    )
    .option(
      '--single-file',
      'one .html with everything inline, for mail or a chat (default name agent-inspector-report.html; no session zips)',
    )
    .action(async (sessions, options) =>
      (await import('./commands/report')).runReport(sessions, options, REPORT_VIEWER_DIR),
    );
  program
    .command('show-report')
    .description('serve a report written by `report` on loopback and open it')
    .argument('[dir]', 'the report folder', 'agent-inspector-report')
    .addOption(new Option('--port <port>', 'HTTP port (0: any free port)').argParser(port).default(DEFAULT_REPORT_PORT))
    .option('--host <host>', 'interface to bind; anything but loopback lets others read the report', '127.0.0.1')
    .option('--no-open', 'only serve it')
    .action(async (dir, options) => (await import('./commands/show-report')).runShowReport(dir, options));
  addHttpOptions(
    program
      .command('sessions-mcp')
      .description(
        'serve the recordings to a debugging agent over MCP, read-only: list, outline, step, search, compare, locators, export, what went wrong (stdio by default; --port for Streamable HTTP /sessions/mcp)',
      )
      .addOption(sessionDirOption()),
  ).action(async options => (await import('./commands/sessions-mcp')).runSessionsMcp(options));
  program
    .command('sessions')
    .description('list the recorded sessions in a folder, newest first')
    .argument('[dir]', 'the --session-dir folder', '.')
    .action(async dir => (await import('./commands/sessions')).runSessions(dir));
  program
    .command('replay')
    .description('replay a recorded session on a fresh browser and report drift (exit code 1 on any drift)')
    .argument('[session]', 'a session folder or .zip, a recording folder, or a session id under --session-dir')
    .addOption(sessionDirOption())
    .option('--session <id>', 'the session (id, id prefix or folder name) under the recording folder')
    .option('--latest', 'the newest session under the recording folder')
    .option('--to <n>', 'stop after recorded step n')
    .option(
      '--server <command|url>',
      'the MCP browser server to replay on (default: this inspector over stdio, headless)',
    )
    .option('--stop-on-drift', 'stop at the first step that drifts')
    .option('--secrets <file>', 'dotenv file of the secrets the recording typed by name (as for mcp --secrets)')
    .option('--json', 'print the drift report as JSON')
    .option(
      '--compare',
      'record the replay and compare it with the recording step by step, as compare does (the default without --server)',
    )
    .option('--no-compare', 'do not record the replay: drift per step only')
    .action(async (session, options) => (await import('./commands/replay')).runReplay(session, options));
  program
    .command('compare')
    .description(
      'align two recorded runs step by step and report where they part (exit code 0 when they do not, 1 when they do, 2 on bad input)',
    )
    .argument('<a>', 'a session folder or .zip, or a session id under --session-dir')
    .argument('<b>', 'the session to compare it with')
    .addOption(sessionDirOption())
    .option('--json', 'print the comparison as JSON')
    .action(async (a, b, options) => (await import('./commands/compare')).runCompare(a, b, options));
  program
    .command('install-browser')
    .description(
      "download Playwright's Chromium for the inspector to control (a clone's npm install does this where no Chromium is found; the npm package does not)",
    )
    .option(
      '--if-missing',
      'only where no Chromium is found; a failed download prints the command to run instead of failing',
    )
    .action(async options => (await import('./commands/install-browser')).runInstallBrowser(options));
  return program;
}

/** Where `export` and `replay` look sessions up by id: the folder `mcp` and `serve` record into. */
function sessionDirOption(): Option {
  return new Option('--session-dir <dir>', 'the recording folder to find --session, --latest or a session id in').env(
    'AGENT_INSPECTOR_SESSION_DIR',
  );
}

/** Pixels around the viewport whose elements the DOM extraction indexes; -1 for the whole page. */
function viewportExpansionOption(fallback: string): Option {
  return new Option(
    '--viewport-expansion <px>',
    `index interactive elements this far beyond the viewport (default ${fallback})`,
  ).argParser(value => {
    const px = Number(value);
    if (!Number.isInteger(px) || px < -1)
      throw new InvalidArgumentError(`expected a whole number of pixels, or -1 for the whole page, got "${value}".`);
    return px;
  });
}

buildProgram()
  .parseAsync(process.argv)
  .catch(error => {
    log(`agent-inspector: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
