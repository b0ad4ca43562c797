import type { IncomingMessage } from 'node:http';
import { expect, test } from '@playwright/test';
import { isLocalRequest } from './http-server';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
const config = { host: '127.0.0.1', port: 0, allowedHosts: ['inspector.lan'] };

test('loopback Host and Origin headers pass; anything else is refused with the reason', () => {
  for (const host of ['127.0.0.1:9400', 'localhost:9400', '[::1]:9400', 'localhost', 'inspector.lan:80'])
    expect(isLocalRequest(request({ host }), config), host).toEqual({ ok: true });
  expect(isLocalRequest(request({ host: 'localhost:9400', origin: 'http://127.0.0.1:5173' }), config)).toEqual({ ok: true });
  expect(isLocalRequest(request({ host: 'localhost:9400', origin: 'null' }), config)).toEqual({ ok: true });
  expect(isLocalRequest(request({ host: 'evil.example:9400' }), config)).toEqual({ ok: false, reason: 'Host "evil.example:9400" is not allowed' });
  expect(isLocalRequest(request({ host: 'localhost:9400', origin: 'https://evil.example' }), config))
    .toEqual({ ok: false, reason: 'Origin "https://evil.example" is not allowed' });
  expect(isLocalRequest(request({ host: 'localhost', origin: '::garbage' }), config).ok).toBe(false);
});
