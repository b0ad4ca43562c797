import { expect, test } from '@playwright/test';
import { chromium } from 'playwright';
import { DomExtractor } from './extract';

const refsOf = (yaml: string) => Array.from(yaml.matchAll(/\[ref=((?:f\d+)?e\d+)\]/g), m => m[1]);

test('incremental extraction always equals a full one, and notices changes that fire no event', async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setContent(`<style>#tip { display: none } #hover-me:hover + #tip { display: block }</style>
      <button id="hover-me">Hover me</button><button id="tip">Tip action</button>
      <section><div><p id="deep">deep <b>bold</b></p></div></section>
      <label>Name <input id="name"></label><ul id="list"><li>one</li></ul><div id="host"></div>
      <script>document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<p id="inner">shadow text</p>';</script>`);
    const incremental = new DomExtractor(page);
    const check = async () => {
      const refs = refsOf(await page.ariaSnapshot({ mode: 'ai' }));
      const delta = await incremental.extract(refs);
      const full = await new DomExtractor(page).extract(refs, { incremental: false });
      expect(delta.path).toBe('utility-world');
      expect(delta.html).toBe(full.html);
      return delta.html;
    };
    const first = await check();
    expect(await check()).toBe(first);
    await page.fill('#name', 'typed');
    expect(await check()).toContain('value="typed"');
    // A script setting a value fires neither an event nor a mutation.
    await page.evaluate(() => ((document.getElementById('name') as HTMLInputElement).value = 'scripted'));
    expect(await check()).toContain('value="scripted"');
    await page.evaluate(() => document.getElementById('list')!.insertAdjacentHTML('beforeend', '<li>two</li>'));
    expect(await check()).toMatch(/<li ref="e\d+">two<\/li>/);
    await page.evaluate(
      () => (document.getElementById('host')!.shadowRoot!.getElementById('inner')!.textContent = 'changed in shadow'),
    );
    expect(await check()).toContain('changed in shadow');
    // Moved to another depth: its cached lines carry the old indentation.
    await page.evaluate(() => document.getElementById('list')!.append(document.getElementById('deep')!));
    expect(await check()).toMatch(/\n    <p id="deep"\n/);
    // Shown by CSS alone (no mutation): a ref appears on an element that did not change.
    await page.hover('#hover-me');
    expect(await check()).toMatch(/<button id="tip"\n\s+ref="e\d+">Tip action<\/button>/);
  } finally {
    await browser.close();
  }
});
