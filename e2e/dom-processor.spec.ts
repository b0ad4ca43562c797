import type { InspectorEvent, ToolCallEvent } from '../src/shared/events';
import { defaultCoreConfig } from '../src/main/config';
import { InspectorCore } from '../src/main/core';
import { DomProcessorService } from '../src/main/dom-processor/dom-processor';
import { selectorsFor } from '../src/main/dom-processor/selectors';
import { StateFormatterService } from '../src/main/dom-processor/state-formatter';
import type { DomState, SerializableDOMNode } from '../src/main/dom-processor/types';
import { McpSession } from '../src/main/mcp/session';
import { ActionTranslatorService } from '../src/main/scenario/action-translator';
import { PlaywrightBridgeService } from '../src/main/scenario/playwright-bridge';
import { expect, test } from './support/fixtures';

/** A core with one session on the controlled browser, and the bridge the scenario parser would drive it through. */
async function scenarioSession(workspace: string) {
  const core = new InspectorCore(
    defaultCoreConfig({
      browser: { args: [], headless: true },
      outputDir: `${workspace}/.playwright-mcp`,
      domState: false,
    }),
  );
  const events: InspectorEvent[] = [];
  core.bus.subscribe(event => events.push(event));
  const session = core.createSession('scenario', async () => ({
    root: workspace,
    outputDir: `${workspace}/.playwright-mcp`,
  }));
  if (!(session instanceof McpSession)) throw new Error('expected a session on the controlled browser');
  const bridge = new PlaywrightBridgeService(session, core.bus);
  return { core, events, bridge, processor: new DomProcessorService(bridge), close: () => core.close() };
}

/** The element whose id attribute is `id`, anywhere in the tree (frames and shadow roots included). */
function byId(root: SerializableDOMNode, id: string): SerializableDOMNode {
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.attributes.id === id) return node;
    stack.push(...node.children);
  }
  throw new Error(`no element with id "${id}"`);
}

const indexedNames = (state: DomState) => Object.values(state.selectorMap).map(node => node.name);

test('extractor rules: hidden, disabled, heuristics, covered, off-screen, shadow DOM and iframes', async ({
  site,
  workspace,
}) => {
  const { bridge, processor, close } = await scenarioSession(workspace);
  try {
    await bridge.navigateTo(`${site.url}/dom-rules.html`);
    const state = await processor.getDomState({ viewportExpansion: 0 });
    const tree = state.domTree;
    expect(state.title).toBe('DOM rules');
    expect(tree.tagName).toBe('html');
    expect(tree.xpath).toBe('/html[1]');

    const plain = byId(tree, 'plain');
    expect(plain).toMatchObject({
      tagName: 'button',
      xpath: '/html[1]/body[1]/p[1]/button[1]',
      isVisible: true,
      isInteractive: true,
      isTopElement: true,
      isInViewport: true,
      role: 'button',
      name: 'Plain button',
    });
    expect(state.selectorMap[plain.highlightIndex!]).toBe(plain);
    expect(plain.parent?.tagName).toBe('p');
    expect(plain.children).toEqual([
      expect.objectContaining({
        tagName: '#text',
        text: 'Plain button',
        xpath: '/html[1]/body[1]/p[1]/button[1]/text()[1]',
        isVisible: true,
      }),
    ]);

    // Hidden three ways: kept in the tree, invisible, never indexed.
    for (const id of ['display-none', 'invisible', 'transparent']) {
      expect(byId(tree, id), id).toMatchObject({ isVisible: false, isInteractive: true });
      expect(byId(tree, id).highlightIndex, id).toBeUndefined();
    }
    // Disabled controls are not interactive; an anchor without href neither; a hidden input is not a control.
    for (const id of ['disabled', 'aria-disabled', 'anchor-no-href', 'hidden-input']) {
      expect(byId(tree, id), id).toMatchObject({ isInteractive: false });
      expect(byId(tree, id).highlightIndex, id).toBeUndefined();
    }
    // Interactive by behaviour: pointer cursor (the card, not its inherited-pointer spans), tabindex, a property
    // handler, an editing root (not the paragraph inside it), an ARIA role.
    expect(indexedNames(state)).toEqual(
      expect.arrayContaining([
        'Card title Card body',
        'Tabbable',
        'Property handler',
        'Editable text',
        'Role button',
        'A link',
        'Agree',
      ]),
    );
    expect(byId(tree, 'card').children.every(child => child.highlightIndex === undefined)).toBe(true);
    expect(byId(tree, 'editable').children[0].isInteractive).toBe(false);
    expect(byId(tree, 'agree').attributes).toMatchObject({ type: 'checkbox', checked: '' });

    // Covered by the overlay: visible, interactive, not on top, so no index.
    expect(byId(tree, 'covered')).toMatchObject({ isVisible: true, isInteractive: true, isTopElement: false });
    expect(byId(tree, 'covered').highlightIndex).toBeUndefined();
    // Off-screen without expansion: no index, counted as omitted.
    expect(byId(tree, 'far-button')).toMatchObject({ isVisible: true, isInViewport: false });
    expect(byId(tree, 'far-button').highlightIndex).toBeUndefined();
    expect(state.omitted).toBeGreaterThanOrEqual(1);

    // An open shadow root: its nodes start their own path, and only CSS can reach them.
    const host = tree.children
      .find(child => child.tagName === 'body')!
      .children.find(child => child.tagName === 'shadow-box')!;
    expect(host.shadowHost).toBe(true);
    const shadowButton = Object.values(state.selectorMap).find(node => node.name === 'Shadow button')!;
    expect(shadowButton.xpath).toBe('/div[1]/button[1]');
    expect(shadowButton.parent?.root).toBe('shadow');
    expect(selectorsFor(shadowButton)).toEqual({
      css: 'css=html:nth-of-type(1) > body:nth-of-type(1) > shadow-box:nth-of-type(1) >> css=:scope > div:nth-of-type(1) > button:nth-of-type(1)',
    });

    // A same-origin iframe: read, with its own document path, reached by entering the frame.
    const frame = byId(tree, 'same');
    expect(frame.frame).toBe('same-origin');
    const inner = byId(frame, 'inner');
    expect(inner).toMatchObject({ xpath: '/html[1]/body[1]/button[1]', name: 'In frame' });
    expect(inner.highlightIndex).toBeDefined();
    expect(selectorsFor(inner).xpath).toBe(
      `xpath=${frame.xpath} >> internal:control=enter-frame >> xpath=/html[1]/body[1]/button[1]`,
    );
    // Every indexed node's preferred selector finds exactly that one element.
    for (const node of Object.values(state.selectorMap)) {
      const { xpath, css } = selectorsFor(node);
      expect(await bridge.count(xpath ?? css), `${node.name}: ${xpath ?? css}`).toBe(1);
      expect(await bridge.count(css), `${node.name}: ${css}`).toBe(1);
    }

    // With expansion the far button gets an index; with -1 everything visible and on top does.
    const expanded = await processor.getDomState({ viewportExpansion: 2000 });
    expect(byId(expanded.domTree, 'far-button').highlightIndex).toBeDefined();
    const whole = await processor.getDomState({ viewportExpansion: -1 });
    expect(byId(whole.domTree, 'far-button')).toMatchObject({ isInViewport: true });
    expect(whole.omitted).toBe(0);
    // Indices are dense and in document order.
    expect(Object.keys(whole.selectorMap).map(Number)).toEqual([
      ...Array(Object.keys(whole.selectorMap).length).keys(),
    ]);
  } finally {
    await close();
  }
});

test('a cross-origin iframe is marked, its content left out', async ({ site, workspace }) => {
  const { bridge, processor, close } = await scenarioSession(workspace);
  try {
    await bridge.navigateTo(`${site.url}/cross-site.html`);
    const state = await processor.getDomState();
    const body = state.domTree.children.find(child => child.tagName === 'body')!;
    const frame = body.children.find(child => child.tagName === 'iframe')!;
    expect(frame).toMatchObject({ frame: 'cross-origin', children: [] });
    expect(new StateFormatterService().formatDomForLLM(state.domTree)).toContain(
      '(cross-origin: its content is not shown)',
    );
  } finally {
    await close();
  }
});

test('actions run as tool calls on the bus with generated code; error paths come back as results', async ({
  site,
  workspace,
}) => {
  const { bridge, processor, events, close } = await scenarioSession(workspace);
  try {
    await bridge.navigateTo(`${site.url}/form.html`);
    const actions = new ActionTranslatorService(bridge);
    const state = await processor.getDomState();
    const name = Object.values(state.selectorMap).find(node => node.name === 'Full name')!;
    const typed = await actions.executeAction(
      { action: 'input', index: name.highlightIndex!, text: 'Ada' },
      state.selectorMap,
    );
    expect(typed).toMatchObject({
      success: true,
      call: {
        tool: 'browser_type',
        code: `await page.getByTestId('full-name').fill('Ada');`,
        locator: `page.getByTestId('full-name')`,
      },
    });
    const call = events.filter((event): event is ToolCallEvent => event.type === 'tool-call').at(-1)!;
    expect(call).toMatchObject({
      tool: 'browser_type',
      args: { target: selectorsFor(name).xpath, text: 'Ada' },
      outcome: 'ok',
    });

    expect(await actions.executeAction({ action: 'click', index: 999 }, state.selectorMap)).toEqual({
      success: false,
      error: {
        kind: 'index-not-found',
        message: expect.stringContaining('Element index 999 is not in the selector map'),
      },
    });
    // The page changes under a stale selector map: the element it names is gone.
    await bridge.navigateTo(`${site.url}/plans.html`);
    const stale = await actions.executeAction({ action: 'click', index: name.highlightIndex! }, state.selectorMap);
    expect(stale).toMatchObject({
      success: false,
      error: { kind: 'element-detached', message: expect.stringContaining('is no longer on the page') },
    });
  } finally {
    await close();
  }
});
