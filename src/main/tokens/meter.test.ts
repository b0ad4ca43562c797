import { expect, test } from '@playwright/test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { InspectorEvent, StepTokensEvent, ToolCallEvent } from '../../shared/events';
import { renderResponse, type ParsedResponse } from '../../shared/response';
import { EventBus } from '../events/bus';
import { TokenCounter } from './counter';
import { TokenMeter } from './meter';

const counter = new TokenCounter();
test.afterAll(() => counter.close());

test('the worker counts as gpt-tokenizer does in this thread', async () => {
  const texts = ['Hello, world!', '<div class="x">Ünïcødé — 日本語 🎉</div>\n'.repeat(200), ''];
  expect(await counter.count(texts)).toEqual(texts.map(text => countTokens(text)));
});

const response: ParsedResponse = {
  code: "await page.getByRole('button', { name: 'Save' }).click();",
  page: { url: 'http://127.0.0.1/form', title: 'Form' },
  snapshot: { yaml: '- button "Save" [ref=e2]\n- text: "### inside the snapshot"' },
  events: ['[LOG] saved'],
};

const call = (seq: number, extra: Partial<ToolCallEvent> = {}): ToolCallEvent => ({
  type: 'tool-call',
  sessionId: 's',
  seq,
  tool: 'browser_click',
  args: {},
  startedAt: 0,
  endedAt: 1,
  outcome: 'ok',
  response,
  code: '',
  ...extra,
});

/** A 1×1 PNG. */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

test("the meter publishes each call's tokens by section, in order, and settles a session once they are out", async () => {
  const bus = new EventBus();
  const seen: InspectorEvent[] = [];
  bus.subscribe(event => void seen.push(event));
  const meter = new TokenMeter(bus, counter);
  const text = renderResponse(response);

  await bus.publish(call(1));
  await bus.publish(call(2, { imageReturned: true, screenshot: { mimeType: 'image/png', base64: PIXEL } }));
  // Not counted: what no agent received (a step done by hand), or received inside another call's response.
  await bus.publish(call(3, { actor: 'human' }));
  await bus.publish(call(4, { via: 'browser_interact' }));
  // Published with the call's own event, the counts come later.
  expect(seen.map(event => event.type)).toEqual(['tool-call', 'tool-call', 'tool-call', 'tool-call']);
  await meter.settled('s');
  meter.close();

  const counts = seen.filter((event): event is StepTokensEvent => event.type === 'step-tokens');
  expect(counts.map(event => event.seq)).toEqual([1, 2]);
  const [first, second] = counts.map(event => event.tokens);
  expect(first.encoding).toBe('o200k_base');
  expect(first.sections.map(section => section.name)).toEqual(['Ran Playwright code', 'Page', 'Snapshot', 'Events']);
  expect(first.total).toEqual({ bytes: Buffer.byteLength(text), tokens: countTokens(text) });
  const snapshot = first.sections.find(section => section.name === 'Snapshot')!;
  expect(snapshot.tokens).toBe(countTokens(text.slice(text.indexOf('### Snapshot'), text.indexOf('### Events'))));
  expect(second.sections.at(-1)).toEqual({ name: 'Image', bytes: PIXEL.length, tokens: 85 + 170, estimate: true });
  expect(second.total.tokens).toBe(first.total.tokens + 255);
});

test('a counter that cannot load its tokenizer says so once; the meter then publishes no counts and still settles', async () => {
  const broken = new TokenCounter('/nonexistent/tokenizer.js');
  const errors: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void errors.push(args);
  try {
    await expect(broken.count(['a'])).rejects.toThrow(/nonexistent/);
    await expect(broken.count(['b'])).rejects.toThrow(/nonexistent/);
    const bus = new EventBus();
    const seen: InspectorEvent[] = [];
    bus.subscribe(event => void seen.push(event));
    const meter = new TokenMeter(bus, broken);
    await bus.publish(call(1));
    await meter.settled('s');
    meter.close();
    expect(seen.map(event => event.type)).toEqual(['tool-call']);
    expect(errors).toHaveLength(1);
    expect(String(errors[0][0])).toContain('[tokens] counting failed');
  } finally {
    console.error = original;
    await broken.close();
  }
});

test('a proxied call is counted from the text items the agent received', async () => {
  const bus = new EventBus();
  const seen: InspectorEvent[] = [];
  bus.subscribe(event => void seen.push(event));
  const meter = new TokenMeter(bus, counter);
  await bus.publish(call(1, { responseText: ['Some preamble\n### Result\nDone', '### Result\nagain'] }));
  await meter.settled('s');
  meter.close();
  const { tokens } = seen.find((event): event is StepTokensEvent => event.type === 'step-tokens')!;
  expect(tokens.sections.map(section => [section.name, section.tokens])).toEqual([
    ['(preamble)', countTokens('Some preamble\n')],
    ['Result', countTokens('### Result\nDone')],
    ['Result', countTokens('### Result\nagain')],
  ]);
});
