import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { connectStdio } from './support/mcp';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

test('the trace context of each MCP request is recorded with its step; a broken one is ignored and noted, never an error', async ({ site, workspace }) => {
  const sessions = join(workspace, 'sessions');
  const mcp = await connectStdio(['--session-dir', sessions], { cwd: workspace });
  const call = (name: string, args: Record<string, unknown>, meta?: Record<string, unknown>) =>
    mcp.client.callTool({ name, arguments: args, ...(meta && { _meta: meta }) }) as Promise<{ isError?: boolean }>;
  try {
    expect((await call('browser_navigate', { url: `${site.url}/form.html` }, { traceparent: `00-${TRACE}-${PARENT}-01`, tracestate: 'vendor=abc', baggage: 'run=42' })).isError).toBeFalsy();
    expect((await call('browser_snapshot', {}, { traceparent: 'not-a-traceparent', progressToken: 7 })).isError).toBeFalsy();
    expect((await call('browser_snapshot', {})).isError).toBeFalsy();
  } finally {
    await mcp.close();
  }
  const dir = join(sessions, readdirSync(sessions)[0]);
  const steps = readFileSync(join(dir, 'events.jsonl'), 'utf8').split('\n').filter(Boolean).map(line => JSON.parse(line)).filter(event => event.type === 'tool-call');
  expect(steps.map(step => [step.trace, step.traceDropped])).toEqual([
    [{ traceId: TRACE, parentSpanId: PARENT, sampled: true, tracestate: 'vendor=abc', baggage: 'run=42' }, undefined],
    [undefined, ['traceparent']],
    [undefined, undefined],
  ]);
});
