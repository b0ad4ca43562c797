import { chromium } from 'playwright';
import { Tab } from '../src/main/browser/tab';
import { createHash } from 'node:crypto';
import { fullDomArtifact, screenshotArtifact } from '../src/main/page-state/artifacts';
import { SemanticExtractor } from '../src/main/page-state/semantic';
import { snapshotNodes } from '../src/shared/aria-snapshot';
import { interactRequestSchema } from '../src/shared/negotiation';
import { expect, test } from './support/fixtures';

test('semantic_v3: interactive nodes with the snapshot refs, roles, names, boxes, occlusion and scrolling', async ({
  site,
}) => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    await page.goto(`${site.url}/semantic.html`);
    const tab = new Tab(page, test.info().outputPath('downloads'), () => {});
    const yaml = await tab.snapshot();
    const state = await new SemanticExtractor(tab).extract(yaml);
    const byName = (n: string) => state.interactiveTree.find(node => node.n === n)!;

    // `i` is the ref the aria snapshot shows, so actions go through aria-ref=.
    const refs = new Map(snapshotNodes(yaml).map(node => [node.name, node.ref]));
    expect(byName('Save')).toEqual({ i: refs.get('Save'), r: 'btn', n: 'Save', xy: [70, 40], box: [20, 20, 100, 40] });
    expect(byName('Hidden behind')).toMatchObject({ r: 'btn', occ: true });
    expect(byName('Items')).toMatchObject({ r: 'lst', scr: true });
    expect(byName('Email')).toMatchObject({ r: 'txt' });
    expect(byName('Back to "top"')).toMatchObject({
      r: 'lnk',
      box: [20, 2000, expect.any(Number), expect.any(Number)],
    });
    expect(byName('Back to "top"').occ).toBeUndefined();
    // Clickable by its cursor although it has no interactive role.
    expect(state.interactiveTree.some(node => node.n === 'Pro plan')).toBe(true);
    // Non-interactive nodes (options are, headings and text are not) stay out.
    expect(state.interactiveTree.filter(node => node.r === 'opt')).toHaveLength(6);
    expect(state).toMatchObject({
      url: `${site.url}/semantic.html`,
      pageTitle: 'Semantic page',
      viewport: { width: 800, height: 600 },
      scrollPosition: { x: 0, y: 0 },
    });
    expect(state.scrollableContainers).toEqual([
      { i: refs.get('Items'), box: [20, 100, 200, 80], scrollTop: 0, scrollHeight: expect.any(Number) },
    ]);

    // The payload is a valid semantic_v3 request.
    const request = {
      url: state.url,
      query: 'Click Save',
      domMode: 'semantic_v3',
      pageTitle: state.pageTitle,
      viewport: state.viewport,
      interactiveTree: state.interactiveTree,
    };
    expect(interactRequestSchema.safeParse(request).success).toBe(true);
  } finally {
    await browser.close();
  }
});

test('artifacts on request: skeleton DOM with data-llm-id, JPEG screenshot with its hash, full DOM', async ({
  site,
}) => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${site.url}/plans.html`);
    const tab = new Tab(page, test.info().outputPath('downloads'), () => {});
    const extractor = new SemanticExtractor(tab);
    const state = await extractor.extract();
    const buttons = state.interactiveTree.filter(node => node.n === 'Add to cart');
    expect(buttons).toHaveLength(2);

    const skeleton = await extractor.skeleton(state.interactiveTree.map(node => node.i));
    // Each duplicate button sits in its card, next to the heading that tells them apart.
    expect(skeleton).toContain(
      `<h2>Pro plan</h2><p>For teams</p><button data-llm-id="${buttons[1].i}">Add to cart</button>`,
    );
    expect(skeleton).toContain(`<button data-llm-id="${buttons[0].i}">Add to cart</button>`);
    expect(skeleton).not.toMatch(/<script|Hidden promo|class=/);

    const { screenshot, screenshotHash } = await screenshotArtifact(page);
    const jpeg = Buffer.from(screenshot, 'base64');
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(screenshotHash).toBe(createHash('sha256').update(jpeg).digest('hex'));

    const dom = await fullDomArtifact(page);
    expect(dom).toContain('<script>window.loaded = true;</script>');
    expect(skeleton.length).toBeLessThan(dom.length);
  } finally {
    await browser.close();
  }
});

test('viewport scope: nodes near the viewport plus the off-screen ones the query names; a small share of the DOM', async ({
  site,
}) => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`${site.url}/large.html?n=5000`);
    const tab = new Tab(page, test.info().outputPath('downloads'), () => {});
    const extractor = new SemanticExtractor(tab);
    const yaml = await tab.snapshot();
    const whole = await extractor.extract(yaml);
    const scoped = await extractor.extract(yaml, { scope: 'viewport', query: 'Click Action 2501' });
    expect(whole.interactiveTree.length).toBeGreaterThanOrEqual(5000);
    expect(whole.omittedNodes).toBe(0);
    expect(scoped.omittedNodes).toBe(whole.interactiveTree.length - scoped.interactiveTree.length);
    // Everything within a screen of the viewport is kept...
    for (const node of whole.interactiveTree.filter(n => n.box && n.box[1] < 2 * 720))
      expect(scoped.interactiveTree).toContainEqual(node);
    // ...and far below it only what the query names, best matches first (both words beat one).
    expect(scoped.interactiveTree.some(node => node.n === 'Action 2501')).toBe(true);
    expect(scoped.interactiveTree.filter(node => node.box && node.box[1] >= 2 * 720).length).toBeLessThanOrEqual(50);
    const dom = await fullDomArtifact(page);
    expect(JSON.stringify(scoped.interactiveTree).length).toBeLessThan(dom.length * 0.05);
  } finally {
    await browser.close();
  }
});
