import { EventEmitter } from 'node:events';
import { expect, test } from '@playwright/test';
import type { BrowserContext } from 'playwright';
import { ACTIVITY_LIMITS } from '../../shared/activity';
import { ActivityCollector } from './collector';

/** Just what the collector reads of Playwright's objects; the e2e spec drives a real browser. */
function fakeRequest(url: string, options: { type?: string; contentLength?: number; bodySize?: number } = {}) {
  const request = {
    method: () => 'GET',
    url: () => url,
    resourceType: () => options.type ?? 'fetch',
    headers: () => ({ accept: '*/*' }),
    allHeaders: async () => ({ accept: '*/*', cookie: 'sid=SECRET-SID' }),
    postDataBuffer: () => null,
    timing: () => ({ responseEnd: 12.4 }),
    sizes: async () => ({ responseBodySize: options.bodySize ?? 0 }),
    failure: () => ({ errorText: 'net::ERR_CONNECTION_REFUSED' }),
  };
  const response = {
    request: () => request,
    status: () => 200,
    statusText: () => 'OK',
    headers: () => (options.contentLength === undefined ? {} : { 'content-length': String(options.contentLength) }),
  };
  return { request, response };
}

const message = (text: string, type = 'log') => ({
  type: () => type,
  text: () => text,
  location: () => ({ url: 'http://127.0.0.1/app.js', lineNumber: 3 }),
});
const settle = () => new Promise(resolve => setTimeout(resolve, 5));

function collector(secrets: Record<string, string> = {}) {
  const context = new EventEmitter();
  const activity = new ActivityCollector(secrets);
  activity.attach(context as unknown as BrowserContext);
  return { context, activity };
}

test('entries before a step started are "between"; a request in flight goes out pending and again once complete', async () => {
  const { context, activity } = collector();
  context.emit('console', message('loaded'));
  await settle();
  const first = Date.now();
  const api = fakeRequest('http://127.0.0.1/api', { contentLength: 42 });
  const slow = fakeRequest('http://127.0.0.1/slow');
  context.emit('request', api.request);
  context.emit('request', slow.request);
  context.emit('response', api.response);
  context.emit('requestfinished', api.request);
  context.emit('console', message('boom', 'error'));
  await settle();

  const step1 = activity.take({ seq: 1, startedAt: first, endedAt: Date.now() })!;
  expect(step1.console).toEqual([
    {
      kind: 'console',
      level: 'info',
      text: 'loaded',
      location: 'http://127.0.0.1/app.js:4',
      time: expect.any(Number),
      seq: 1,
      between: true,
    },
    {
      kind: 'console',
      level: 'error',
      text: 'boom',
      location: 'http://127.0.0.1/app.js:4',
      time: expect.any(Number),
      seq: 1,
    },
  ]);
  expect(step1.network).toEqual([
    expect.objectContaining({ id: 1, url: 'http://127.0.0.1/api', status: 200, size: 42, durationMs: 12, seq: 1 }),
    expect.objectContaining({ id: 2, url: 'http://127.0.0.1/slow', pending: true, seq: 1 }),
  ]);
  expect(step1.network[0].requestHeaders).toEqual({ accept: '*/*', cookie: 'sid=SECRET-SID' });
  expect(step1.network[0]).not.toHaveProperty('pending');

  context.emit('requestfailed', slow.request);
  await settle();
  const now = Date.now();
  const step2 = activity.take({ seq: 2, startedAt: now, endedAt: now })!;
  expect(step2.console).toEqual([]);
  expect(step2.network).toEqual([expect.objectContaining({ id: 2, seq: 1, failure: 'net::ERR_CONNECTION_REFUSED' })]);
  expect(step2.network[0]).not.toHaveProperty('pending');
  expect(activity.take({ seq: 3, startedAt: Date.now(), endedAt: Date.now() })).toBeUndefined();
});

test('a step takes only what happened up to its end; the rest waits for the next step', async () => {
  const { context, activity } = collector();
  context.emit('console', message('early'));
  await settle();
  const endedAt = Date.now();
  await settle();
  context.emit('console', message('late'));
  expect(activity.take({ seq: 1, startedAt: 0, endedAt })!.console.map(entry => entry.text)).toEqual(['early']);
  expect(activity.take({ seq: 2, startedAt: 0, endedAt: Date.now() })!.console.map(entry => entry.text)).toEqual([
    'late',
  ]);
});

test('a size without content-length is asked for once the request finished', async () => {
  const { context, activity } = collector();
  const page = fakeRequest('http://127.0.0.1/', { type: 'document', bodySize: 512 });
  context.emit('request', page.request);
  context.emit('response', page.response);
  context.emit('requestfinished', page.request);
  await settle();
  expect(activity.take({ seq: 1, startedAt: 0, endedAt: Date.now() })!.network[0]).toMatchObject({
    size: 512,
    status: 200,
  });
});

test('static resources keep no headers; long texts are cut; secrets are redacted', async () => {
  const { context, activity } = collector({ TOKEN: 'SECRET-SID' });
  context.emit('request', fakeRequest('http://127.0.0.1/logo.png', { type: 'image' }).request);
  context.emit('request', fakeRequest('http://127.0.0.1/api?key=SECRET-SID').request);
  context.emit('console', message('x'.repeat(ACTIVITY_LIMITS.textChars + 10)));
  const step = activity.take({ seq: 1, startedAt: 0, endedAt: Date.now() })!;
  expect(step.network[0]).not.toHaveProperty('requestHeaders');
  expect(step.network[1].url).toBe('http://127.0.0.1/api?key=<secret>TOKEN</secret>');
  expect(step.console[0].text).toMatch(new RegExp(`^x{${ACTIVITY_LIMITS.textChars}}… \\(4,106 characters\\)$`));
});

test('at most ACTIVITY_LIMITS.perStep entries of each kind per step; the rest are counted', () => {
  const { context, activity } = collector();
  for (let i = 0; i < ACTIVITY_LIMITS.perStep + 5; i++) context.emit('console', message(`m${i}`));
  for (let i = 0; i < ACTIVITY_LIMITS.perStep + 2; i++)
    context.emit('request', fakeRequest(`http://127.0.0.1/${i}`).request);
  const step = activity.take({ seq: 1, startedAt: 0, endedAt: Date.now() })!;
  expect(step.console).toHaveLength(ACTIVITY_LIMITS.perStep);
  expect(step.network).toHaveLength(ACTIVITY_LIMITS.perStep);
  expect(step.dropped).toEqual({ console: 5, network: 2 });
  context.emit('console', message('next'));
  const next = activity.take({ seq: 2, startedAt: 0, endedAt: Date.now() })!;
  expect(next.console).toHaveLength(1);
  expect(next).not.toHaveProperty('dropped');
});

test('a listener never throws into the browser events', () => {
  const { context, activity } = collector();
  expect(() =>
    context.emit('console', {
      type: () => 'log',
      text: () => {
        throw new Error('target closed');
      },
      location: () => ({ url: '' }),
    }),
  ).not.toThrow();
  expect(activity.take({ seq: 1, startedAt: 0, endedAt: Date.now() })).toBeUndefined();
});
