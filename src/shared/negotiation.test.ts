import { expect, test } from '@playwright/test';
import {
  actionResponseSchema,
  formatAction,
  interactRequestSchema,
  interactResponseSchema,
  isNegotiation,
  negotiationResponseSchema,
  parseAction,
  requestedArtifacts,
  roleCode,
  roleOf,
  type PlannedAction,
} from './negotiation';

// The seed's examples, verbatim (seed 003, sections 2.1, 2.2, 3.1 and 3.2).
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
const SEED_ACTION = `{
  "thought": "Click Save",
  "action": "click(12)"
}`;
const SEED_NEGOTIATION = `{
  "status": "needs_context",
  "requestedDomMode": "hybrid",
  "needsScreenshot": true,
  "needsSkeletonDom": true,
  "reason": "User asked about the 'blue' button; semantic tree doesn't encode color reliably."
}`;

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map(i => `${i.path.join('.')}: ${i.message}`) ?? [];

test("the seed's examples validate verbatim", () => {
  expect(interactRequestSchema.safeParse(JSON.parse(SEED_DEFAULT_REQUEST)).success).toBe(true);
  expect(interactRequestSchema.safeParse(JSON.parse(SEED_HYBRID_REQUEST)).success).toBe(true);
  const action = interactResponseSchema.parse(JSON.parse(SEED_ACTION));
  expect(isNegotiation(action)).toBe(false);
  const negotiation = interactResponseSchema.parse(JSON.parse(SEED_NEGOTIATION));
  expect(isNegotiation(negotiation)).toBe(true);
  expect(negotiationResponseSchema.parse({ status: 'needs_full_dom' })).toEqual({ status: 'needs_full_dom' });
});

test('a semantic_v3 request may omit dom; retry modes must carry what they promise', () => {
  const base = JSON.parse(SEED_DEFAULT_REQUEST);
  expect(interactRequestSchema.safeParse({ ...base, dom: '' }).success).toBe(true);
  expect(issues(interactRequestSchema.safeParse({ ...base, domMode: 'skeleton' }))).toEqual([
    'skeletonDom: skeletonDom is required when domMode is "skeleton"',
  ]);
  expect(issues(interactRequestSchema.safeParse({ ...base, domMode: 'hybrid', skeletonDom: '<b>' }))).toEqual([
    'screenshot: screenshot is required when domMode is "hybrid"',
  ]);
  expect(issues(interactRequestSchema.safeParse({ ...base, domMode: 'full' }))).toEqual([
    'dom: dom is required when domMode is "full"',
  ]);
  expect(issues(interactRequestSchema.safeParse({ ...base, domMode: 'everything' }))[0]).toMatch(/^domMode: /);
  expect(issues(interactRequestSchema.safeParse({ ...base, query: '  ' }))).toEqual(['query: query must not be empty']);
  expect(
    issues(interactRequestSchema.safeParse({ ...base, interactiveTree: [{ i: '1', r: 'btn', xy: [1] }] }))[0],
  ).toMatch(/^interactiveTree\.0\.xy/);
});

test('the action grammar parses and formats every action', () => {
  const actions: [string, PlannedAction][] = [
    ['click(12)', { kind: 'click', id: '12' }],
    ['click(f1e3)', { kind: 'click', id: 'f1e3' }],
    ['type(7, "John \\"Johnny\\" Doe")', { kind: 'type', id: '7', text: 'John "Johnny" Doe' }],
    ['select(9, "France")', { kind: 'select', id: '9', value: 'France' }],
    ['scroll(page, down)', { kind: 'scroll', target: 'page', direction: 'down' }],
    ['scroll(31, up)', { kind: 'scroll', target: '31', direction: 'up' }],
    ['press("Enter")', { kind: 'press', key: 'Enter' }],
    ['navigate("https://example.com/a?b=1")', { kind: 'navigate', url: 'https://example.com/a?b=1' }],
    ['wait(500)', { kind: 'wait', ms: 500 }],
    ['done("Saved the form")', { kind: 'done', summary: 'Saved the form' }],
    ['fail("No Save button")', { kind: 'fail', reason: 'No Save button' }],
  ];
  for (const [text, action] of actions) {
    expect(parseAction(text), text).toEqual(action);
    expect(parseAction(formatAction(action)), text).toEqual(action);
  }
  for (const bad of ['click()', 'click(12', 'type(12, John)', 'scroll(page, left)', 'wait(-1)', 'jump(3)', ''])
    expect(parseAction(bad), bad).toBeUndefined();
  expect(issues(actionResponseSchema.safeParse({ thought: 't', action: 'jump(3)' }))[0]).toMatch(
    /^action: action must follow the grammar/,
  );
});

test('requested artifacts follow every way a backend can ask', () => {
  expect(requestedArtifacts({ status: 'needs_context', requestedDomMode: 'skeleton' })).toEqual({
    domMode: 'skeleton',
    skeletonDom: true,
    screenshot: false,
    dom: false,
  });
  expect(requestedArtifacts({ status: 'needs_context', requestedDomMode: 'hybrid' })).toEqual({
    domMode: 'hybrid',
    skeletonDom: true,
    screenshot: true,
    dom: false,
  });
  expect(requestedArtifacts({ status: 'needs_context', requestedDomMode: 'full' })).toEqual({
    domMode: 'full',
    skeletonDom: false,
    screenshot: false,
    dom: true,
  });
  expect(requestedArtifacts({ status: 'needs_context', needsScreenshot: true })).toEqual({
    domMode: 'hybrid',
    skeletonDom: true,
    screenshot: true,
    dom: false,
  });
  expect(requestedArtifacts({ status: 'needs_context', needsSkeletonDom: true })).toEqual({
    domMode: 'skeleton',
    skeletonDom: true,
    screenshot: false,
    dom: false,
  });
  expect(requestedArtifacts({ status: 'needs_full_dom' })).toEqual({
    domMode: 'full',
    skeletonDom: false,
    screenshot: false,
    dom: true,
  });
});

test('role codes round-trip; unknown roles travel as themselves', () => {
  expect(roleCode('button')).toBe('btn');
  expect(roleOf('btn')).toBe('button');
  expect(roleCode('treeitem')).toBe('treeitem');
  expect(roleOf('treeitem')).toBe('treeitem');
});
