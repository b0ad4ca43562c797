import type { IncomingMessage } from 'node:http';
import { expect, test } from '@playwright/test';
import { isLocalRequest } from './http-server';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
const config = { host: '127.0.0.1', port: 0, allowedHosts: ['inspector.lan', 'devbox:8931'] };
const check = (headers: Record<string, string>) => isLocalRequest(request(headers), config, 9400);
const where = 'localhost:9400, 127.0.0.1:9400, [::1]:9400, inspector.lan, devbox:8931';

test('loopback Host and Origin headers pass, on any port and in any case; so do the allowed hosts', () => {
  for (const host of [
    '127.0.0.1:9400',
    'localhost:9400',
    '[::1]:9400',
    'localhost',
    'LOCALHOST:1234',
    'inspector.lan:80',
    'devbox:8931',
  ])
    expect(check({ host }), host).toEqual({ ok: true });
  expect(check({ host: 'localhost:9400', origin: 'http://127.0.0.1:5173' })).toEqual({ ok: true });
  expect(check({ host: 'localhost:9400', origin: 'http://[::1]:5173' })).toEqual({ ok: true });
  expect(check({ host: 'localhost:9400', origin: 'null' })).toEqual({ ok: true });
});

test('other hosts are refused in the words of @playwright/mcp; a missing Host is a bad request', () => {
  expect(check({ host: 'evil.example:9400' })).toEqual({
    ok: false,
    status: 403,
    message: `Access is only allowed at ${where}`,
  });
  // An allowed host given with its port (the peer's form) is allowed on that port only.
  expect(check({ host: 'devbox:9400' })).toEqual({
    ok: false,
    status: 403,
    message: `Access is only allowed at ${where}`,
  });
  expect(check({})).toEqual({ ok: false, status: 400, message: 'Missing host' });
});

test('a page of another site is refused by its Origin, a malformed Origin too', () => {
  expect(check({ host: 'localhost:9400', origin: 'https://evil.example' })).toEqual({
    ok: false,
    status: 403,
    message: `Access is only allowed from pages at ${where}`,
  });
  expect(check({ host: 'localhost', origin: '::garbage' }).ok).toBe(false);
});
