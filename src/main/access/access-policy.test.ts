import { expect, test } from '@playwright/test';
import { AccessPolicy, isExposed } from './access-policy';

const http = (host: string, extra: object = {}) => ({ host, port: 0, allowedHosts: [], ...extra });

test('a token is required exactly when the server answers beyond loopback, or when asked for', () => {
  expect(isExposed(http('127.0.0.1'))).toBe(false);
  expect(isExposed(http('127.5.0.1'))).toBe(false);
  expect(isExposed(http('::1'))).toBe(false);
  expect(isExposed(http('0.0.0.0'))).toBe(true);
  expect(isExposed({ host: '127.0.0.1', allowedHosts: ['inspector.lan'] })).toBe(true);
  expect(AccessPolicy.from(http('127.0.0.1')).required).toBe(false);
  expect(AccessPolicy.from(http('127.0.0.1', { requireToken: true })).required).toBe(true);
  const exposed = AccessPolicy.from(http('0.0.0.0'));
  expect(exposed.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(AccessPolicy.from(http('0.0.0.0')).token).not.toBe(exposed.token);
  expect(AccessPolicy.from(http('0.0.0.0', { token: 'a-chosen-token-of-ours' })).token).toBe('a-chosen-token-of-ours');
});

test('the viewer token is generated on request and must differ from the full one', () => {
  const policy = AccessPolicy.from(http('0.0.0.0', { viewerToken: true }));
  expect(policy.viewerToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(policy.signInUrl('http://host:1/', 'viewer')).toBe(`http://host:1/?token=${policy.viewerToken}`);
  expect(() =>
    AccessPolicy.from(http('0.0.0.0', { token: 'same-token-0123456', viewerToken: 'same-token-0123456' })),
  ).toThrow('--viewer-token must differ from --token.');
});
