import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import type { NetworkActivity } from '../../../../shared/activity';
import { curlCommand, fetchSnippet, isSensitiveHeader, MASK } from './copy-request';

const run = promisify(execFile);

/** A server on 127.0.0.1 that remembers what it was sent. */
async function echoServer() {
  const received: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req
      .on('data', chunk => (body += chunk))
      .on('end', () => {
        received.push({ method: req.method, url: req.url, headers: req.headers, body });
        res.end('ok');
      });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise(resolve => server.close(resolve)) };
}

const request = (url: string, extra: Partial<NetworkActivity> = {}): NetworkActivity => ({
  id: 1,
  seq: 2,
  time: 0,
  method: 'POST',
  url,
  resourceType: 'fetch',
  requestHeaders: {
    'content-type': 'application/json',
    authorization: 'Bearer tok',
    cookie: 'sid=1',
    'x-note': "it's",
    'content-length': '14',
  },
  postData: `{"q":"it's"}`,
  ...extra,
});

test('credentials are masked unless revealed', () => {
  const masked = curlCommand(request('http://127.0.0.1/api'), false);
  expect(masked).toContain(`-H 'authorization: ${MASK}'`);
  expect(masked).toContain(`-H 'cookie: ${MASK}'`);
  expect(masked).not.toContain('tok');
  expect(masked).not.toContain('content-length');
  expect(fetchSnippet(request('http://127.0.0.1/api'), false)).not.toContain('sid=1');
  expect(curlCommand(request('http://127.0.0.1/api'), true)).toContain(`-H 'authorization: Bearer tok'`);
  for (const name of ['Cookie', 'Proxy-Authorization', 'X-API-Key', 'x-csrf-token', 'x-goog-api-key', 'x-session'])
    expect(isSensitiveHeader(name), name).toBe(true);
  for (const name of ['accept', 'content-type', 'user-agent', 'x-requested-with'])
    expect(isSensitiveHeader(name), name).toBe(false);
});

test('the copied cURL command sends the same request, quotes and all', async () => {
  const server = await echoServer();
  try {
    await run('sh', ['-c', `${curlCommand(request(`${server.url}/api?a=1&b=2`), true)} --silent`]);
    await run('sh', [
      '-c',
      `${curlCommand(request(`${server.url}/item`, { method: 'DELETE', postData: undefined, requestHeaders: undefined }), false)} --silent`,
    ]);
    expect(server.received[0]).toMatchObject({ method: 'POST', url: '/api?a=1&b=2', body: `{"q":"it's"}` });
    expect(server.received[0].headers).toMatchObject({
      authorization: 'Bearer tok',
      cookie: 'sid=1',
      'x-note': "it's",
      'content-type': 'application/json',
    });
    expect(server.received[1]).toMatchObject({ method: 'DELETE', url: '/item', body: '' });
  } finally {
    await server.close();
  }
});

test('the copied fetch() call sends the same request', async () => {
  const server = await echoServer();
  try {
    const snippet = fetchSnippet(request(`${server.url}/api`), false);
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      body: string,
    ) => () => Promise<void>;
    await new AsyncFunction(snippet)();
    expect(server.received[0]).toMatchObject({ method: 'POST', url: '/api', body: `{"q":"it's"}` });
    expect(server.received[0].headers).toMatchObject({ authorization: MASK, 'x-note': "it's" });
  } finally {
    await server.close();
  }
});
