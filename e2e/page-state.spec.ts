import { chromium } from 'playwright';
import { Tab } from '../src/main/browser/tab';
import { SemanticExtractor, snapshotNodes } from '../src/main/page-state/semantic';
import { interactRequestSchema } from '../src/shared/negotiation';
import { expect, test } from './support/fixtures';

test('semantic_v3: interactive nodes with the snapshot refs, roles, names, boxes, occlusion and scrolling', async ({ site }) => {
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
    expect(byName('Save')).toEqual({ i: refs.get('Save'), r: 'btn', n: 'Save', xy: [70, 40], box: [20, 20, 100, 40], occ: false });
    expect(byName('Hidden behind')).toMatchObject({ r: 'btn', occ: true });
    expect(byName('Items')).toMatchObject({ r: 'lst', scr: true });
    expect(byName('Email')).toMatchObject({ r: 'txt' });
    expect(byName('Back to "top"')).toMatchObject({ r: 'lnk', box: [20, 2000, expect.any(Number), expect.any(Number)] });
    expect(byName('Back to "top"').occ).toBeUndefined();
    // Clickable by its cursor although it has no interactive role.
    expect(state.interactiveTree.some(node => node.n === 'Pro plan')).toBe(true);
    // Non-interactive nodes (options are, headings and text are not) stay out.
    expect(state.interactiveTree.filter(node => node.r === 'opt')).toHaveLength(6);
    expect(state).toMatchObject({ url: `${site.url}/semantic.html`, pageTitle: 'Semantic page', viewport: { width: 800, height: 600 }, scrollPosition: { x: 0, y: 0 } });
    expect(state.scrollableContainers).toEqual([{ i: refs.get('Items'), box: [20, 100, 200, 80], scrollTop: 0, scrollHeight: expect.any(Number) }]);

    // The payload is a valid semantic_v3 request.
    const request = { url: state.url, query: 'Click Save', domMode: 'semantic_v3', pageTitle: state.pageTitle, viewport: state.viewport, interactiveTree: state.interactiveTree };
    expect(interactRequestSchema.safeParse(request).success).toBe(true);
  } finally {
    await browser.close();
  }
});
