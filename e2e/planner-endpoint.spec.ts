import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { defaultCoreConfig, type CoreConfig } from '../src/main/config';
import { InspectorCore } from '../src/main/core';
import { startHttpServer } from '../src/main/http-server';
import { PlannerEndpoint } from '../src/main/negotiation/endpoint';
import { PlannerError, type Planner } from '../src/main/negotiation/planner';
import { interactResponseSchema, type InteractRequest } from '../src/shared/negotiation';

// The two request examples of seed 003 (sections 2.1 and 2.2), verbatim.
const SEED_DEFAULT_REQUEST = `{
  "url": "https://example.com",
  "query": "Click the Save button",
  "tabId": 123,
  "domMode": "semantic_v3",
  "pageTitle": "Example",
  "viewport": { "width": 1280, "height": 800 },
  "interactiveTree": [
    { "i": "12", "r": "btn", "n": "Save", "xy": [900, 40] }
  ]
}`;
const SEED_HYBRID_REQUEST = `{
  "url": "https://example.com",
  "query": "Click the blue button",
  "tabId": 123,
  "domMode": "hybrid",
  "pageTitle": "Example",
  "viewport": { "width": 1280, "height": 800 },
  "interactiveTree": [
    { "i": "12", "r": "btn", "n": "Button", "xy": [900, 40], "box": [850, 20, 100, 40] }
  ],
  "skeletonDom": "<button data-llm-id=\\"12\\">Button</button>",
  "screenshot": "<base64-jpeg>",
  "screenshotHash": "a1b2c3..."
}`;
const semantic = JSON.parse(SEED_DEFAULT_REQUEST) as InteractRequest;

/** The real server of the app, in-process on a free loopback port. */
async function serve(overrides: Partial<CoreConfig> = {}) {
  const core = new InspectorCore(defaultCoreConfig(overrides));
  const server = await startHttpServer(core, { host: '127.0.0.1', port: 0, allowedHosts: [] });
  return {
    url: server.url,
    interact: `${server.url}/api/agent/interact`,
    async close() {
      await server.close();
      await core.close();
    },
  };
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** A request through node:http, for what fetch cannot do: a forged Host header, a chunked body without length. */
function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; chunks?: string[] }) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'POST', headers: options.headers }, res => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', chunk => (body += chunk))
        .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

async function expectError(response: Response, status: number): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json');
  const body = (await response.json()) as { error: string };
  expect(typeof body.error).toBe('string');
  return body.error;
}

test.describe('POST /api/agent/interact on the real server', () => {
  test('the seed examples get a response that follows the contract', async () => {
    const server = await serve();
    try {
      for (const example of [SEED_DEFAULT_REQUEST, SEED_HYBRID_REQUEST]) {
        const response = await post(server.interact, example);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/json');
        const parsed = interactResponseSchema.safeParse(await response.json());
        expect(parsed.error?.issues ?? []).toEqual([]);
      }
    } finally {
      await server.close();
    }
  });

  test('semantic_v3 tolerates a missing or empty dom', async () => {
    const server = await serve();
    try {
      for (const request of [{ ...semantic, dom: '' }, semantic]) {
        const response = await post(server.interact, request);
        expect(response.status, JSON.stringify(request)).toBe(200);
        expect(interactResponseSchema.safeParse(await response.json()).success).toBe(true);
      }
    } finally {
      await server.close();
    }
  });

  test('malformed JSON is a 400 naming the JSON problem', async () => {
    const server = await serve();
    try {
      const error = await expectError(await post(server.interact, '{"url": "https://example.com", "query": '), 400);
      expect(error).toContain('not valid JSON');
      expect(error).toMatch(/Unexpected end of JSON input/);
      expect(await expectError(await post(server.interact, ''), 400)).toContain('not valid JSON');
    } finally {
      await server.close();
    }
  });

  test('schema violations are a 400 naming every offending field', async () => {
    const server = await serve();
    try {
      const { query: _query, ...withoutQuery } = semantic;
      expect(await expectError(await post(server.interact, withoutQuery), 400)).toMatch(
        /^Invalid interact request: query: /,
      );

      const skeleton = await expectError(await post(server.interact, { ...semantic, domMode: 'skeleton' }), 400);
      expect(skeleton).toContain('skeletonDom: skeletonDom is required when domMode is "skeleton"');

      const wrongType = await post(server.interact, { ...semantic, query: '', interactiveTree: [{ i: 12, r: 'btn' }] });
      expect(wrongType.status).toBe(400);
      const body = (await wrongType.json()) as { error: string; issues: string[] };
      expect(body.issues).toEqual([
        expect.stringMatching(/^query: query must not be empty$/),
        expect.stringMatching(/^interactiveTree\.0\.i: .*expected string/),
      ]);
      expect(body.error).toContain('interactiveTree.0.i:');

      expect(await expectError(await post(server.interact, []), 400)).toMatch(/body: .*expected object/);
    } finally {
      await server.close();
    }
  });

  test('an oversized body is a 400 naming the limit, and the server keeps answering', async () => {
    const server = await serve({ planner: { maxRounds: 4, maxBodyBytes: 1000 } });
    try {
      const oversized = { ...semantic, dom: `<html>${'x'.repeat(5_000)}</html>` };
      expect(await expectError(await post(server.interact, oversized), 400)).toContain('exceeds the 1000-byte limit');

      // Chunked, so there is no content-length to check up front: the limit applies while reading.
      const chunked = await rawRequest(server.interact, {
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        chunks: [
          `{"url":"https://example.com","query":"${'q'.repeat(600)}`,
          'q'.repeat(600),
          '","domMode":"semantic_v3","interactiveTree":[]}',
        ],
      });
      expect(chunked.status).toBe(400);
      expect(JSON.parse(chunked.body).error).toContain('exceeds the 1000-byte limit');

      expect((await post(server.interact, semantic)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  test('other methods get 405 with Allow: POST', async () => {
    const server = await serve();
    try {
      const response = await fetch(server.interact);
      expect(response.headers.get('allow')).toBe('POST');
      expect(await expectError(response, 405)).toContain('takes POST');
    } finally {
      await server.close();
    }
  });

  test('requests from a foreign host or origin are refused; unknown paths list the endpoint', async () => {
    const server = await serve();
    try {
      const foreignHost = await rawRequest(server.interact, {
        headers: { host: 'evil.example', 'content-type': 'application/json' },
        chunks: [SEED_DEFAULT_REQUEST],
      });
      expect(foreignHost.status).toBe(403);
      expect(foreignHost.body).toContain('Access is only allowed at localhost:');
      const foreignOrigin = await fetch(server.interact, {
        method: 'POST',
        headers: { origin: 'https://evil.example' },
        body: SEED_DEFAULT_REQUEST,
      });
      expect(foreignOrigin.status).toBe(403);

      const notFound = await fetch(`${server.url}/api/agent/other`);
      expect(notFound.status).toBe(404);
      expect(await notFound.text()).toContain('POST /api/agent/interact');
    } finally {
      await server.close();
    }
  });
});

test.describe('PlannerEndpoint with a stub planner', () => {
  /** The endpoint alone on a loopback server, answering with `plan`. */
  async function serveEndpoint(plan: Planner['plan']) {
    const endpoint = new PlannerEndpoint(() => ({ name: 'stub', plan }), { maxBodyBytes: 1_000_000 });
    const server: Server = createServer((req, res) => {
      void endpoint.handle(req, res, new URL(req.url ?? '/', 'http://localhost')).then(handled => {
        if (!handled) res.writeHead(404).end();
      });
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    return {
      interact: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/agent/interact`,
      close: async () => {
        server.closeAllConnections();
        await new Promise(resolve => server.close(resolve));
      },
    };
  }

  test('the planner gets the validated request and its response is returned as is', async () => {
    const received: InteractRequest[] = [];
    const server = await serveEndpoint(async request => {
      received.push(request);
      return { thought: 'Click Save', action: 'click(12)' };
    });
    try {
      const response = await post(server.interact, { ...semantic, unknownField: 1 });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ thought: 'Click Save', action: 'click(12)' });
      expect(received).toEqual([semantic]);
    } finally {
      await server.close();
    }
  });

  test('a PlannerError is a 502, any other failure a 500, and the server keeps serving', async () => {
    let failure: Error = new PlannerError('Planner llm:test: cannot reach http://127.0.0.1:1/v1/chat/completions');
    const server = await serveEndpoint(async () => {
      throw failure;
    });
    try {
      expect(await expectError(await post(server.interact, semantic), 502)).toBe(failure.message);
      failure = new TypeError("Cannot read properties of undefined (reading 'n')");
      const error = await expectError(await post(server.interact, semantic), 500);
      expect(error).toContain('Planner stub failed unexpectedly');
      expect(error).toContain("reading 'n'");
      expect((await fetch(server.interact)).status).toBe(405);
    } finally {
      await server.close();
    }
  });

  test('a client that hangs up aborts the planning', async () => {
    let aborted!: () => void;
    const abortSeen = new Promise<void>(resolve => (aborted = resolve));
    const server = await serveEndpoint(
      (_request, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => {
            aborted();
            reject(new PlannerError('cancelled'));
          });
        }),
    );
    try {
      const controller = new AbortController();
      const pending = fetch(server.interact, {
        method: 'POST',
        body: SEED_DEFAULT_REQUEST,
        signal: controller.signal,
      }).catch(() => 'hung up');
      setTimeout(() => controller.abort(), 200);
      expect(await pending).toBe('hung up');
      await abortSeen;
    } finally {
      await server.close();
    }
  });
});
