import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test } from './support/fixtures';

type Schema = { properties?: Record<string, { type?: string; enum?: string[]; items?: unknown }>; required?: string[] };

/** Tools listed by @playwright/mcp itself (listing starts no browser), to hold our schemas against the original. */
async function playwrightMcpTools() {
  const client = new Client({ name: 'conformance', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['node_modules/@playwright/mcp/cli.js', '--headless', '--caps', 'network'],
      stderr: 'ignore',
    }),
  );
  const { tools } = await client.listTools();
  await client.close();
  return new Map(tools.map(tool => [tool.name, tool.inputSchema as Schema]));
}

/** Ours alone: the negotiation step (seed 003) has no @playwright/mcp counterpart. */
const OUR_EXTENSIONS = ['browser_interact'];

test('tool names and input schemas match @playwright/mcp', async ({ mcp }) => {
  const theirs = await playwrightMcpTools();
  const listed = (await mcp.client.listTools()).tools;
  expect(listed.map(tool => tool.name)).toEqual(expect.arrayContaining(OUR_EXTENSIONS));
  const ours = listed.filter(tool => !OUR_EXTENSIONS.includes(tool.name));
  expect(ours.length).toBeGreaterThanOrEqual(23);
  for (const tool of ours) {
    const reference = theirs.get(tool.name);
    expect(reference, `${tool.name} exists in @playwright/mcp`).toBeTruthy();
    const schema = tool.inputSchema as Schema;
    expect(Object.keys(schema.properties ?? {}).sort(), tool.name).toEqual(
      Object.keys(reference!.properties ?? {}).sort(),
    );
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const theirsProperty = reference!.properties![name];
      expect(property.type, `${tool.name}.${name} type`).toBe(theirsProperty.type);
      expect(property.enum, `${tool.name}.${name} enum`).toEqual(theirsProperty.enum);
    }
    // They list defaulted fields as required; every field we require, they require too.
    for (const required of schema.required ?? [])
      expect(reference!.required, `${tool.name} requires ${required}`).toContain(required);
    expect(tool.annotations?.readOnlyHint, `${tool.name} readOnlyHint`).toBeDefined();
  }
});
