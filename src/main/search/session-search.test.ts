import { appendFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ToolCallEvent } from '../../shared/events';
import type { ReceivedSpan } from '../../shared/spans';
import { EventBus } from '../events/bus';
import type { ToolCallRecord } from '../sessions/format';
import { SessionSearch, type SearchSources } from './session-search';

const step = (sessionId: string, seq: number, result: string, extra: Partial<ToolCallEvent> = {}): ToolCallEvent => ({
  type: 'tool-call',
  sessionId,
  seq,
  tool: 'browser_evaluate',
  args: { function: '() => 1' },
  startedAt: seq,
  endedAt: seq + 1,
  outcome: 'ok',
  response: { result },
  code: '',
  ...extra,
});
const record = (event: ToolCallEvent): ToolCallRecord => ({ ...event, artifacts: {} });
const line = (value: object) => `${JSON.stringify(value)}\n`;

function writeFolder(root: string, id: string, lines: string) {
  const dir = join(root, id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'session.json'),
    JSON.stringify({
      format: 'agent-inspector-session',
      version: 1,
      id,
      startedAt: 1000,
      transport: 'http',
      clientName: `client ${id}`,
      writer: 'test',
    }),
  );
  writeFileSync(join(dir, 'events.jsonl'), lines);
  return dir;
}

type Live = NonNullable<ReturnType<SearchSources['live']>>;

function setUp(root: string, live = new Map<string, Live>()) {
  const bus = new EventBus();
  const search = new SessionSearch({
    bus,
    folders: async () => [join(root, 'rec'), join(root, 'open'), join(root, 'not-a-session')],
    folderOf: async id => {
      throw new Error(`No session with id "${id}"`);
    },
    live: id => live.get(id),
  });
  return { bus, search };
}

test('recorded sessions are indexed in the background; a session still being written is read on, step by step', async () => {
  const root = mkdtempSync(join(tmpdir(), 'search-'));
  mkdirSync(join(root, 'not-a-session'));
  const dir = writeFolder(
    root,
    'rec',
    line({ type: 'session-started', sessionId: 'rec', transport: 'http', time: 1000 }) +
      line(record(step('rec', 1, 'first quokka'))),
  );
  const { search } = setUp(root);
  await search.settled();
  const first = await search.search('quokka');
  expect(first.hits).toEqual([
    {
      sessionId: 'rec',
      seq: 1,
      tool: 'browser_evaluate',
      field: 'response',
      excerpt: 'first quokka',
      session: { label: 'client rec', startedAt: 1000 },
    },
  ]);
  expect(first).toMatchObject({ more: false, indexed: 1 });

  // Another process appends a step and a torn line; the session is read on from where it was left.
  const second = line(record(step('rec', 2, 'second quokka')));
  appendFileSync(join(dir, 'events.jsonl'), second + second.slice(0, 20));
  search.refresh();
  await search.settled();
  expect((await search.search('quokka')).hits.map(hit => hit.seq)).toEqual([2, 1]);
  expect((await search.search('quokka', { limit: 1 })).more).toBe(true);
  // The torn line completes: step 3 is indexed once, nothing twice.
  const third = line(record(step('rec', 3, 'third quokka')));
  writeFileSync(
    join(dir, 'events.jsonl'),
    line({ type: 'session-started', sessionId: 'rec', transport: 'http', time: 1000 }) +
      line(record(step('rec', 1, 'first quokka'))) +
      second +
      third,
  );
  search.refresh();
  await search.settled();
  expect((await search.search('quokka')).hits.map(hit => hit.seq).sort()).toEqual([1, 2, 3]);
  expect((await search.search('third')).indexed).toBe(3);

  // A folder opened by hand (listed later) is indexed when refreshed.
  writeFolder(
    root,
    'open',
    line(record(step('open', 1, 'quokka elsewhere'))) + line({ type: 'session-ended', sessionId: 'open', time: 2000 }),
  );
  search.refresh();
  await search.settled();
  expect((await search.search('quokka elsewhere')).hits.map(hit => `${hit.sessionId}:${hit.seq}`)).toEqual(['open:1']);
  search.close();
});

test('live steps are indexed as their events arrive, their folders are not read twice; bad queries are refused', async () => {
  const root = mkdtempSync(join(tmpdir(), 'search-'));
  // The live session is also being recorded into the scanned folder.
  writeFolder(root, 'rec', line(record(step('rec', 1, 'recorded wombat'))));
  const started = { type: 'session-started' as const, sessionId: 'rec', transport: 'stdio', time: 5 };
  const live = new Map<string, Live>([['rec', { started, steps: [] }]]);
  const { bus, search } = setUp(root, live);
  const event = step('rec', 1, 'live wombat', {
    url: 'https://shop.test/api/items',
    activity: {
      console: [{ seq: 1, time: 1, kind: 'console', level: 'error', text: 'Failed to load cart' }],
      network: [
        { seq: 1, time: 1, id: 1, method: 'POST', url: 'https://shop.test/api/cart', resourceType: 'fetch' },
        { seq: 0, time: 0, id: 0, method: 'GET', url: 'https://shop.test/earlier', resourceType: 'fetch' },
      ],
    },
  });
  live.get('rec')!.steps.push(event);
  await bus.publish(event);
  await search.settled();
  const results = await search.search('wombat');
  expect(results.hits).toEqual([
    {
      sessionId: 'rec',
      seq: 1,
      tool: 'browser_evaluate',
      field: 'response',
      excerpt: 'live wombat',
      session: { label: 'stdio', startedAt: 5 },
    },
  ]);
  expect(results.indexed).toBe(1);
  expect((await search.search('api/cart')).hits[0]).toMatchObject({
    field: 'network',
    excerpt: 'POST https://shop.test/api/cart',
  });
  expect((await search.search('cart failed')).hits[0]).toMatchObject({
    field: 'console',
    excerpt: 'Failed to load cart',
  });
  // A request of another step, completed with this one, is that step's.
  expect((await search.search('earlier')).hits).toEqual([]);
  expect((await search.search('shop api/items', { sessionId: 'rec' })).hits[0]).toMatchObject({ field: 'url' });
  await expect(search.search('?!')).rejects.toThrow('The query "?!" has no letters or digits to search for.');
  await expect(search.search('wombat', { sessionId: 'gone' })).rejects.toThrow('No session with id "gone"');
  search.close();
});

const chatSpan = (spanId: string, text: string, tool: string, args: Record<string, unknown>): ReceivedSpan => ({
  traceId: 'a'.repeat(32),
  spanId,
  name: 'chat',
  kind: 3,
  startMs: 0,
  endMs: 1,
  events: [],
  resource: {},
  attributes: {
    'gen_ai.operation.name': 'chat',
    'gen_ai.output.messages': JSON.stringify([
      {
        role: 'assistant',
        parts: [
          { type: 'text', content: text },
          { type: 'tool_call', name: tool, arguments: args },
        ],
      },
    ]),
  },
});

test('the model text of the turn that chose a step finds the step: recorded spans.jsonl, and live spans as they come', async () => {
  const root = mkdtempSync(join(tmpdir(), 'search-'));
  const dir = writeFolder(
    root,
    'rec',
    line(record(step('rec', 1, 'first'))) + line(record(step('rec', 2, 'second', { args: { function: '() => 2' } }))),
  );
  const started = { type: 'session-started' as const, sessionId: 'live', transport: 'stdio', time: 5 };
  const live = new Map<string, Live>([['live', { started, steps: [], spans: [] }]]);
  const { bus, search } = setUp(root, live);
  await search.settled();
  expect((await search.search('platypus')).hits).toEqual([]);

  // Spans attached after the steps were indexed: the step the turn called is indexed again with its text.
  writeFileSync(
    join(dir, 'spans.jsonl'),
    line(chatSpan('1'.repeat(16), 'The total needs checking, platypus.', 'browser_evaluate', { function: '() => 2' })),
  );
  search.refresh();
  await search.settled();
  expect((await search.search('platypus')).hits).toEqual([
    {
      sessionId: 'rec',
      seq: 2,
      tool: 'browser_evaluate',
      field: 'model',
      excerpt: 'The total needs checking, platypus.',
      session: { label: 'client rec', startedAt: 1000 },
    },
  ]);

  // Live: the step first, its turn's span after; then the turn is found once the burst is past.
  const event = step('live', 1, 'live result');
  live.get('live')!.steps.push(event);
  await bus.publish(event);
  const spans = [chatSpan('2'.repeat(16), 'Reasoning about the echidna', 'browser_evaluate', { function: '() => 1' })];
  live.get('live')!.spans = spans;
  await bus.publish({ type: 'agent-spans', sessionId: 'live', spans, time: 6 });
  await new Promise(resolve => setImmediate(resolve));
  expect((await search.search('echidna')).hits).toMatchObject([{ sessionId: 'live', seq: 1, field: 'model' }]);
  // A step of no turn matches none of its text: the turn's text is not spread over the session.
  expect((await search.search('echidna', { sessionId: 'rec' })).hits).toEqual([]);
  search.close();
});
