import { expect, test } from '@playwright/test';
import { buildTree } from '../dom-processor/dom-processor';
import type { DomState } from '../dom-processor/types';
import { DeterministicPlanner } from '../negotiation/deterministic/deterministic-planner';
import type { Planner } from '../negotiation/planner';
import type { InteractRequest, InteractResponse } from '../../shared/negotiation';
import { NLToActionTranslator, TranslationError, type TranslationRound } from './nl-translator';

const { domTree, selectorMap } = buildTree([
  'html[1]',
  15,
  0,
  [
    [
      'body[1]',
      15,
      0,
      [
        ['input[1]', 15, { name: 'name' }, 0, { h: 0, r: 'textbox', n: 'Full name', b: [10, 20, 200, 30] }],
        [
          'button[1]',
          15,
          { type: 'submit' },
          ['Create account'],
          { h: 1, r: 'button', n: 'Create account', b: [10, 60, 120, 30] },
        ],
        ['p[1]', 13, { role: 'status' }, ['Saved Ada']],
      ],
    ],
  ],
]);
const STATE: DomState = {
  url: 'http://127.0.0.1/form.html',
  title: 'Sign up',
  viewport: { width: 1280, height: 720 },
  scroll: { x: 0, y: 0 },
  domTree,
  selectorMap,
  omitted: 0,
  timings: { pageMs: 1, evaluateMs: 2, buildMs: 1 },
};
const DOM = '[0]<input name="name" />\n[1]<button type="submit">Create account</button>\nSaved Ada';
const payload = (action: string) => ({ url: STATE.url, title: STATE.title, tabs: [], dom: DOM, action });
const sources = {
  screenshot: async () => ({ screenshot: 'c2hvdA==', screenshotHash: 'abc' }),
  fullDom: async () => '<html>full</html>',
};

/** A planner that answers from a script and keeps what it was asked. */
function scripted(answers: InteractResponse[]): Planner & { requests: InteractRequest[] } {
  const requests: InteractRequest[] = [];
  return {
    name: 'scripted',
    requests,
    plan: async request => (
      requests.push(request), answers.shift() ?? { thought: 'no more', action: 'fail("script ran out")' }
    ),
  };
}

test('the semantic request: highlight indices as ids, role codes, accessible names, centres and boxes', async () => {
  const planner = scripted([{ thought: 'the field', action: 'type(0, "Ada")' }]);
  const rounds: TranslationRound[] = [];
  const translation = await new NLToActionTranslator(planner, 4, round => rounds.push(round)).translate(
    payload('Type "Ada" into Full name'),
    STATE,
    sources,
    12,
  );
  expect(translation).toMatchObject({ step: { action: 'input', index: 0, text: 'Ada' }, thought: 'the field' });
  expect(planner.requests[0]).toEqual({
    url: STATE.url,
    query: 'Type "Ada" into Full name',
    domMode: 'semantic_v3',
    pageTitle: 'Sign up',
    viewport: STATE.viewport,
    interactiveTree: [
      { i: '0', r: 'txt', n: 'Full name', xy: [110, 35], box: [10, 20, 200, 30] },
      { i: '1', r: 'btn', n: 'Create account', xy: [70, 75], box: [10, 60, 120, 30] },
    ],
    scrollPosition: { x: 0, y: 0 },
    omittedNodes: 0,
  });
  expect(rounds).toEqual([
    expect.objectContaining({
      round: 1,
      planner: 'scripted',
      domMode: 'semantic_v3',
      nodeCount: 2,
      timings: expect.objectContaining({ extractMs: 12 }),
      answer: { kind: 'action', thought: 'the field', action: 'type(0, "Ada")' },
    }),
  ]);
});

test('needs_context is honoured with exactly what was asked: skeleton = the formatted DOM, hybrid adds a screenshot, full the raw HTML', async () => {
  const planner = scripted([
    {
      status: 'needs_context',
      requestedDomMode: 'hybrid',
      needsSkeletonDom: true,
      needsScreenshot: true,
      reason: 'colour',
    },
    { status: 'needs_full_dom', reason: 'href' },
    { thought: 'that one', action: 'click(1)' },
  ]);
  const translation = await new NLToActionTranslator(planner, 4).translate(
    payload('Click the blue button'),
    STATE,
    sources,
  );
  expect(translation.step).toEqual({ action: 'click', index: 1 });
  expect(planner.requests.map(r => [r.domMode, r.skeletonDom, r.screenshot, r.dom])).toEqual([
    ['semantic_v3', undefined, undefined, undefined],
    ['hybrid', DOM, 'c2hvdA==', undefined],
    ['full', undefined, undefined, '<html>full</html>'],
  ]);
});

test('rounds are bounded; asking again for the same context ends it; ids outside the tree are refused', async () => {
  const asking = { status: 'needs_context', requestedDomMode: 'skeleton', needsSkeletonDom: true } as const;
  await expect(
    new NLToActionTranslator(scripted([asking, asking, asking]), 2).translate(payload('Click it'), STATE, sources),
  ).rejects.toThrow('planner scripted still asked for skeleton context after 2 rounds');
  await expect(
    new NLToActionTranslator(scripted([asking, asking]), 4).translate(payload('Click it'), STATE, sources),
  ).rejects.toThrow('planner scripted asked again for the skeleton context it was just sent');
  await expect(
    new NLToActionTranslator(scripted([{ thought: '', action: 'click(9)' }]), 4).translate(
      payload('Click it'),
      STATE,
      sources,
    ),
  ).rejects.toThrow('planner scripted chose "9", which is not an index of the elements it was sent');
  await expect(
    new NLToActionTranslator(
      {
        name: 'broken',
        plan: async () => {
          throw new Error('model down');
        },
      },
      4,
    ).translate(payload('Click it'), STATE, sources),
  ).rejects.toThrow('planner broken failed: model down');
});

test('a fail on the tree alone gets one more round with the formatted DOM, whose text a verification can read', async () => {
  const planner = new DeterministicPlanner();
  const rounds: TranslationRound[] = [];
  const verified = await new NLToActionTranslator(planner, 4, round => rounds.push(round)).translate(
    payload('Verify the page shows "Saved Ada"'),
    STATE,
    sources,
  );
  expect(verified.step).toMatchObject({ action: 'done' });
  expect(rounds.map(round => [round.domMode, round.artifacts.map(a => a.name)])).toEqual([
    ['semantic_v3', ['interactiveTree']],
    ['skeleton', ['interactiveTree', 'skeletonDom']],
  ]);

  const missing = new NLToActionTranslator(planner, 4).translate(payload('Click the Checkout button'), STATE, sources);
  await expect(missing).rejects.toBeInstanceOf(TranslationError);
  await expect(missing).rejects.toThrow('Nothing on the page matches "checkout"');
});
