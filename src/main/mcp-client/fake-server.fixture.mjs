// A stand-in MCP browser server for the client's unit tests: real MCP over stdio, no browser. Its tools answer in the
// Markdown sections the real servers use, and a few exist to misbehave on demand (hang, die, fail N times).
import { existsSync, writeFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const SNAPSHOT = `- generic [ref=e1]:
  - heading "Sign up" [level=1] [ref=e2]
  - textbox "Email" [ref=e3]
  - button "Create account" [ref=e4]
  - button "Cancel" [ref=e5]`;

const text = (body, isError = false) => ({
  content: [{ type: 'text', text: body }],
  ...(isError ? { isError: true } : {}),
});
const failures = new Map();

const tools = {
  browser_snapshot: () =>
    text(`### Page\n- Page URL: http://fake/\n- Page Title: Fake\n### Snapshot\n\`\`\`yaml\n${SNAPSHOT}\n\`\`\``),
  browser_navigate: args => text(`### Page\n- Page URL: ${args.url}\n- Page Title: Fake page`),
  browser_click: args =>
    args.target === '#missing'
      ? text(`### Error\nError: "${args.target}" does not match any elements.`, true)
      : text(`### Result\nclicked ${args.target} (${args.element})`),
  browser_take_screenshot: args => text(`### Result\n- [Screenshot of viewport](${args.filename ?? 'page.png'})`),
  /** Answers after `ms`, reporting when it ran, so tests can see whether calls overlapped. */
  slow: async args => {
    const start = Date.now();
    await new Promise(resolve => setTimeout(resolve, args.ms));
    return text(`### Result\n${JSON.stringify({ start, end: Date.now() })}`);
  },
  /** Exits the process; with `onceFile`, only the first time (the file remembers across restarts). */
  die: args => {
    if (args.onceFile && existsSync(args.onceFile)) return text('### Result\nsurvived');
    if (args.onceFile) writeFileSync(args.onceFile, 'died');
    process.exit(1);
  },
  /** Fails with `error` the first `times` calls for a given `key`, then succeeds. */
  flaky: args => {
    const count = (failures.get(args.key) ?? 0) + 1;
    failures.set(args.key, count);
    return count <= args.times ? text(`### Error\nError: ${args.error}`, true) : text(`### Result\nok after ${count}`);
  },
};

const server = new Server({ name: 'fake-browser', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: Object.keys(tools).map(name => ({ name, inputSchema: { type: 'object', properties: {} } })),
}));
server.setRequestHandler(CallToolRequestSchema, async request => {
  const tool = tools[request.params.name];
  if (!tool) return text(`### Error\nTool "${request.params.name}" not found.`, true);
  return tool(request.params.arguments ?? {});
});
process.stderr.write('fake server ready\n');
await server.connect(new StdioServerTransport());
