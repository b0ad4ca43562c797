import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import type { InteractRequest } from '../../shared/negotiation';
import { LlmPlanner } from './llm-planner';
import { PlannerError } from './planner';

/** A chat message as the planner sends it: text, or (with a screenshot) text and image parts. */
interface SentMessage {
  role: string;
  content: string | { type: string; text?: string }[];
}
interface Received {
  method?: string;
  path?: string;
  headers: IncomingHttpHeaders;
  body: { messages: SentMessage[] };
}
/** What the fake answers: a status and body, or `hang` to never answer. */
type Answer = { status?: number; body: string } | 'hang';

/** A fake OpenAI-compatible server on loopback that records every request and answers with `answer`. */
async function fakeModelServer(answer: Answer) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req
      .setEncoding('utf8')
      .on('data', chunk => (text += chunk))
      .on('end', () => {
        received.push({ method: req.method, path: req.url, headers: req.headers, body: JSON.parse(text) });
        if (answer === 'hang') return;
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(answer.body);
      });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise(resolve => server.close(resolve));
    },
  };
}

const completion = (content: string | null) => ({
  body: JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }),
});

const semantic: InteractRequest = {
  url: 'https://example.com',
  query: 'Click the Save button',
  tabId: 123,
  domMode: 'semantic_v3',
  pageTitle: 'Example',
  viewport: { width: 1280, height: 800 },
  interactiveTree: [
    { i: '12', r: 'btn', n: 'Save', xy: [900, 40] },
    { i: 'e7', r: 'lnk', n: 'Help' },
  ],
};
const SCREENSHOT = '/9j/4AAQSkZJRgABAQSCREENSHOTBYTES';
const hybrid: InteractRequest = {
  ...semantic,
  query: 'Click the blue button',
  domMode: 'hybrid',
  skeletonDom: '<button data-llm-id="12">Button</button>',
  screenshot: SCREENSHOT,
  screenshotHash: 'a1b2c3',
};

/** Runs one plan against a fake answering `answer`; returns the outcome (response or error) and what the fake got. */
async function planWith(
  answer: Answer,
  request: InteractRequest = semantic,
  config: { apiKey?: string; timeoutMs?: number } = {},
) {
  const fake = await fakeModelServer(answer);
  try {
    const planner = new LlmPlanner({ baseUrl: fake.baseUrl, model: 'test-model', timeoutMs: 5_000, ...config });
    const outcome = await planner.plan(request).catch((error: unknown) => error);
    return { outcome, received: fake.received };
  } finally {
    await fake.close();
  }
}

/** Asserts a PlannerError naming the planner, and returns its message. */
function plannerErrorMessage(outcome: unknown): string {
  expect(outcome).toBeInstanceOf(PlannerError);
  const message = (outcome as PlannerError).message;
  expect(message).toContain('Planner llm:test-model:');
  return message;
}

test('a good action reply comes back validated; the request carries model, key, query and node ids, no image', async () => {
  const { outcome, received } = await planWith(completion('{"thought":"Click Save","action":"click(12)"}'), semantic, {
    apiKey: 'sk-test',
  });
  expect(outcome).toEqual({ thought: 'Click Save', action: 'click(12)' });

  expect(received).toHaveLength(1);
  const [request] = received;
  expect(request.method).toBe('POST');
  expect(request.path).toBe('/v1/chat/completions');
  expect(request.headers.authorization).toBe('Bearer sk-test');
  expect(request.body).toMatchObject({ model: 'test-model', temperature: 0, response_format: { type: 'json_object' } });
  const [system, user] = request.body.messages;
  expect(system.role).toBe('system');
  for (const taught of [
    'click(id)',
    'type(id, "text")',
    'scroll(page, down)',
    'done("summary")',
    'needs_context',
    '"hybrid"',
    '"occ": true',
  ])
    expect(system.content).toContain(taught);
  expect(user.role).toBe('user');
  expect(typeof user.content).toBe('string');
  expect(user.content).toContain('Click the Save button');
  expect(user.content).toContain('"i":"12"');
  expect(user.content).toContain('"i":"e7"');
  expect(JSON.stringify(request.body)).not.toContain('image_url');
});

test('a screenshot travels as an image part, not as text; no key means no Authorization header', async () => {
  const { outcome, received } = await planWith(
    completion('{"thought":"The blue one is 12","action":"click(12)"}'),
    hybrid,
  );
  expect(outcome).toEqual({ thought: 'The blue one is 12', action: 'click(12)' });
  const [request] = received;
  expect(request.headers.authorization).toBeUndefined();
  const user = request.body.messages[1];
  expect(Array.isArray(user.content)).toBe(true);
  const [text, image] = user.content as { type: string; text?: string }[];
  expect(text.type).toBe('text');
  expect(text.text).toContain('Click the blue button');
  expect(text.text).toContain('data-llm-id');
  expect(text.text).not.toContain(SCREENSHOT);
  expect(image).toEqual({ type: 'image_url', image_url: { url: `data:image/jpeg;base64,${SCREENSHOT}` } });
});

test('a trailing slash on the base URL does not double up', async () => {
  const fake = await fakeModelServer(completion('{"thought":"ok","action":"wait(100)"}'));
  try {
    await new LlmPlanner({ baseUrl: `${fake.baseUrl}/`, model: 'test-model', timeoutMs: 5_000 }).plan(semantic);
    expect(fake.received[0].path).toBe('/v1/chat/completions');
  } finally {
    await fake.close();
  }
});

test('a needs_context reply is returned as a negotiation response', async () => {
  const reply = {
    status: 'needs_context',
    requestedDomMode: 'hybrid',
    needsScreenshot: true,
    needsSkeletonDom: true,
    reason: 'colour',
  };
  const { outcome } = await planWith(completion(JSON.stringify(reply)));
  expect(outcome).toEqual(reply);
});

test('a reply in a ```json fence is accepted', async () => {
  const { outcome } = await planWith(
    completion('Here you go:\n```json\n{"thought":"Type it","action":"type(12, \\"hello\\")"}\n```'),
  );
  expect(outcome).toEqual({ thought: 'Type it', action: 'type(12, "hello")' });
});

test('a reply that is not JSON is a PlannerError quoting the reply', async () => {
  const { outcome } = await planWith(completion('I think you should click the Save button.'));
  const message = plannerErrorMessage(outcome);
  expect(message).toContain('not JSON');
  expect(message).toContain('I think you should click the Save button.');
});

test('a reply breaking the contract is a PlannerError naming the field and the rule', async () => {
  const { outcome } = await planWith(completion('{"thought":"go","action":"jump(3)"}'));
  const message = plannerErrorMessage(outcome);
  expect(message).toContain('does not follow the contract');
  expect(message).toContain('action: action must follow the grammar');

  const negotiation = await planWith(completion('{"status":"needs_context","requestedDomMode":"everything"}'));
  expect(plannerErrorMessage(negotiation.outcome)).toContain('requestedDomMode:');

  const missing = await planWith(completion('{"thought":"go"}'));
  expect(plannerErrorMessage(missing.outcome)).toContain('action:');
});

test('a completion without choices or with empty content is a PlannerError', async () => {
  const noChoices = await planWith({ body: '{"choices":[]}' });
  expect(plannerErrorMessage(noChoices.outcome)).toContain('no choices[0].message');
  const empty = await planWith(completion(''));
  expect(plannerErrorMessage(empty.outcome)).toContain('empty reply');
  const nullContent = await planWith(completion(null));
  expect(plannerErrorMessage(nullContent.outcome)).toContain('empty reply');
  const notJson = await planWith({ body: '<html>proxy login</html>' });
  expect(plannerErrorMessage(notJson.outcome)).toContain('did not answer with JSON');
});

test('an HTTP error is a PlannerError with the status and an excerpt of the body', async () => {
  const { outcome } = await planWith({
    status: 500,
    body: JSON.stringify({ error: { message: 'model "test-model" not loaded' } }),
  });
  const message = plannerErrorMessage(outcome);
  expect(message).toContain('HTTP 500');
  expect(message).toContain('not loaded');
  expect(message).toContain('/v1/chat/completions');
});

test('a server that never answers times out after timeoutMs', async () => {
  const started = Date.now();
  const { outcome, received } = await planWith('hang', semantic, { timeoutMs: 300 });
  expect(received).toHaveLength(1);
  expect(plannerErrorMessage(outcome)).toContain('no reply from');
  expect(plannerErrorMessage(outcome)).toContain('within 300 ms');
  expect(Date.now() - started).toBeLessThan(4_000);
});

test('the caller can cancel a plan', async () => {
  const fake = await fakeModelServer('hang');
  try {
    const planner = new LlmPlanner({ baseUrl: fake.baseUrl, model: 'test-model', timeoutMs: 30_000 });
    const controller = new AbortController();
    const pending = planner.plan(semantic, controller.signal).catch((error: unknown) => error);
    setTimeout(() => controller.abort(), 100);
    expect(plannerErrorMessage(await pending)).toContain('cancelled');
  } finally {
    await fake.close();
  }
});

test('an unreachable endpoint is a PlannerError naming the URL', async () => {
  // A port that was free a moment ago: nothing listens there.
  const probe = createServer();
  await new Promise<void>(resolve => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise(resolve => probe.close(resolve));

  const outcome = await new LlmPlanner({
    baseUrl: `http://127.0.0.1:${port}/v1`,
    model: 'test-model',
    timeoutMs: 5_000,
  })
    .plan(semantic)
    .catch((error: unknown) => error);
  const message = plannerErrorMessage(outcome);
  expect(message).toContain(`cannot reach http://127.0.0.1:${port}/v1/chat/completions`);
  expect(message).toContain('ECONNREFUSED');
});
