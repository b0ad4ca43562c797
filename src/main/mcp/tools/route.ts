import type { BrowserContext, Route } from 'playwright';
import { z } from 'zod';
import { jsLiteral, jsString } from '../../../shared/js-literal';
import { defineTool } from '../tool';

// The `network` capability: mocked responses, rewritten request headers and offline mode, on the browser context so
// they hold for every tab.

interface MockRoute {
  pattern: string;
  status?: number;
  body?: string;
  contentType?: string;
  addHeaders?: Record<string, string>;
  removeHeaders?: string[];
  handler: (route: Route) => Promise<void>;
}

/** The routes each browser context has, in the order they were added (route_list numbers them so). */
const routesOf = new WeakMap<BrowserContext, MockRoute[]>();
const routes = (context: BrowserContext) => routesOf.get(context) ?? routesOf.set(context, []).get(context)!;

/** `["X-A: 1"]` → `{ 'X-A': '1' }`; a line without a name before its colon is refused, naming it. */
function parseHeaders(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`Invalid header "${line}": expected "Name: Value"`);
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * The route as it runs and as generated code. A mock (status or body) answers without the network; otherwise the
 * request goes on with its headers rewritten through `fallback`, so the origin policy (--allowed/blocked-origins) still
 * applies to it.
 */
function routeBehaviour(mock: Omit<MockRoute, 'handler'>): { handler: MockRoute['handler']; code: string } {
  if (mock.body !== undefined || mock.status !== undefined) {
    const response = { status: mock.status ?? 200, contentType: mock.contentType, body: mock.body };
    return { handler: route => route.fulfill(response), code: `route => route.fulfill(${jsLiteral(response)})` };
  }
  const removed = (mock.removeHeaders ?? []).map(name => name.toLowerCase());
  const handler = (route: Route) => {
    const headers = { ...route.request().headers(), ...mock.addHeaders };
    for (const name of removed) delete headers[name];
    return route.fallback({ headers });
  };
  const added = Object.entries(mock.addHeaders ?? {})
    .map(([name, value]) => `, ${jsString(name)}: ${jsString(value)}`)
    .join('');
  const deletes = removed.map(name => ` delete headers[${jsString(name)}];`).join('');
  return {
    handler,
    code: `route => { const headers = { ...route.request().headers()${added} };${deletes} return route.fallback({ headers }); }`,
  };
}

const route = defineTool({
  name: 'browser_route',
  title: 'Mock network requests',
  description: 'Set up a route to mock network requests matching a URL pattern',
  schema: z.strictObject({
    pattern: z.string().describe('URL pattern to match (e.g., "**/api/users", "**/*.{png,jpg}")'),
    status: z.number().optional().describe('HTTP status code to return (default: 200)'),
    body: z.string().optional().describe('Response body (text or JSON string)'),
    contentType: z.string().optional().describe('Content-Type header (e.g., "application/json", "text/html")'),
    headers: z.array(z.string()).optional().describe('Headers to add in "Name: Value" format'),
    removeHeaders: z.string().optional().describe('Comma-separated list of header names to remove from request'),
  }),
  scope: 'page',
  readOnly: false,
  capability: 'network',
  async handler({ args, tab, response }) {
    let addHeaders: Record<string, string> | undefined;
    try {
      addHeaders = args.headers && parseHeaders(args.headers);
    } catch (error) {
      return response.addError((error as Error).message);
    }
    const mock = {
      pattern: args.pattern,
      status: args.status,
      body: args.body,
      contentType: args.contentType,
      addHeaders,
      removeHeaders: args.removeHeaders
        ?.split(',')
        .map(name => name.trim())
        .filter(Boolean),
    };
    const { handler, code } = routeBehaviour(mock);
    const context = tab.page.context();
    await context.route(args.pattern, handler);
    routes(context).push({ ...mock, handler });
    response.addResult(`Route added for pattern: ${args.pattern}`);
    response.addCode(`await page.context().route(${jsString(args.pattern)}, ${code});`);
  },
});

function describeRoute(mock: MockRoute, index: number): string {
  const body = mock.body !== undefined && (mock.body.length > 50 ? `${mock.body.slice(0, 50)}...` : mock.body);
  const details = [
    mock.status !== undefined && `status=${mock.status}`,
    body !== false && `body=${body}`,
    mock.contentType && `contentType=${mock.contentType}`,
    mock.addHeaders && `addHeaders=${JSON.stringify(mock.addHeaders)}`,
    mock.removeHeaders && `removeHeaders=${mock.removeHeaders.join(',')}`,
  ].filter(Boolean);
  return `${index + 1}. ${mock.pattern}${details.length ? ` (${details.join(', ')})` : ''}`;
}

const routeList = defineTool({
  name: 'browser_route_list',
  title: 'List network routes',
  description: 'List all active network routes',
  schema: z.strictObject({}),
  scope: 'page',
  readOnly: true,
  capability: 'network',
  async handler({ tab, response }) {
    const active = routes(tab.page.context());
    response.addResult(active.length ? active.map(describeRoute).join('\n') : 'No active routes');
  },
});

const unroute = defineTool({
  name: 'browser_unroute',
  title: 'Remove network routes',
  description: 'Remove network routes matching a pattern (or all routes if no pattern specified)',
  schema: z.strictObject({
    pattern: z.string().optional().describe('URL pattern to unroute (omit to remove all routes)'),
  }),
  scope: 'page',
  readOnly: false,
  capability: 'network',
  async handler({ args, tab, response }) {
    const context = tab.page.context();
    const active = routes(context);
    const removed = active.filter(mock => args.pattern === undefined || mock.pattern === args.pattern);
    // Only the handlers added here: the origin policy's own route stays.
    for (const mock of removed) await context.unroute(mock.pattern, mock.handler);
    routesOf.set(
      context,
      active.filter(mock => !removed.includes(mock)),
    );
    if (args.pattern === undefined) {
      response.addResult(`Removed all ${removed.length} route(s)`);
      for (const pattern of new Set(removed.map(mock => mock.pattern)))
        response.addCode(`await page.context().unroute(${jsString(pattern)});`);
    } else {
      response.addResult(`Removed ${removed.length} route(s) for pattern: ${args.pattern}`);
      if (removed.length) response.addCode(`await page.context().unroute(${jsString(args.pattern)});`);
    }
  },
});

const networkStateSet = defineTool({
  name: 'browser_network_state_set',
  title: 'Set network state',
  description: 'Sets the browser network state to online or offline. When offline, all network requests will fail.',
  schema: z.strictObject({
    state: z
      .enum(['online', 'offline'])
      .describe('Set to "offline" to simulate offline mode, "online" to restore network connectivity'),
  }),
  scope: 'page',
  readOnly: false,
  capability: 'network',
  async handler({ args, tab, response }) {
    const offline = args.state === 'offline';
    await tab.page.context().setOffline(offline);
    response.addResult(`Network is now ${args.state}`);
    response.addCode(`await page.context().setOffline(${offline});`);
  },
});

export default [route, routeList, unroute, networkStateSet];
