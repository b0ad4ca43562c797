import { expect, test as base } from '@playwright/test';
import { chromium, type Browser, type Page } from 'playwright';
import { serializeDom } from './serializer';

// Real Chromium: the serializer runs in a page, here in the main world with no refs (refs are covered end to end).
const test = base.extend<
  {
    serialize: (
      html: string,
      prepare?: (page: Page) => Promise<void>,
      options?: { testIdAttributes: string[] },
    ) => Promise<string>;
  },
  { browser: Browser }
>({
  browser: [
    async ({}, use) => {
      const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  serialize: async ({ browser }, use) => {
    const page = await browser.newPage();
    await use(async (html, prepare, options) => {
      await page.setContent(html);
      await prepare?.(page);
      return page.evaluate(([source, options]) => (0, eval)(source)(new Map(), options), [
        `(${serializeDom.toString()})`,
        options,
      ] as const);
    });
    await page.close();
  },
});

test('keeps the body only: head, scripts, styles, noscript, templates and comments are dropped', async ({
  serialize,
}) => {
  const dom = await serialize(`<html><head><title>T</title><style>p{}</style></head><body>
    <p>Kept</p><script>var x = 1</script><style>.a{}</style><noscript>No JS</noscript><template><b>t</b></template><!-- note -->
  </body></html>`);
  expect(dom).toBe('<body>\n  <p>Kept</p>\n</body>\n');
});

test('drops style, data-* and on* attributes, and generated class names', async ({ serialize }) => {
  const dom = await serialize(
    `<div id="x" style="color:red" data-testid="t" onclick="f()" class="form-group css-1x2y3z sc-abcde _3fkL2xB Button_primary__3xk2p a1b2c3d4e5 error-message">t</div>`,
  );
  expect(dom).toContain('<div id="x"\n       class="form-group error-message">t</div>');
});

test('keeps the test id attributes it is given, and only those of the data-* attributes', async ({ serialize }) => {
  const dom = await serialize(`<button data-qa="save" data-testid="s" data-track="x">Save</button>`, undefined, {
    testIdAttributes: ['data-qa'],
  });
  expect(dom).toBe('<body>\n  <button data-qa="save">Save</button>\n</body>\n');
});

test('svg internals are dropped; an svg without a ref is dropped whole', async ({ serialize }) => {
  const dom = await serialize(`<svg width="10"><path d="M0 0"/></svg><p>after</p>`);
  expect(dom).toBe('<body>\n  <p>after</p>\n</body>\n');
});

test('serializes the current form state and masks passwords', async ({ serialize }) => {
  const dom = await serialize(
    `
    <input id="name" value="initial"><input id="pw" type="password"><input id="cb" type="checkbox" checked>
    <select id="s"><option value="a" selected>A</option><option value="b">B</option></select><textarea id="t">old</textarea>`,
    async page => {
      await page.fill('#name', 'typed');
      await page.fill('#pw', 'hunter2');
      await page.uncheck('#cb');
      await page.selectOption('#s', 'b');
      await page.fill('#t', 'new text');
    },
  );
  expect(dom).toContain('<input id="name"\n         value="typed">');
  expect(dom).toContain('value="••••••••"');
  expect(dom).not.toContain('hunter2');
  expect(dom).toContain('<input id="cb"\n         type="checkbox">');
  expect(dom).toContain('<option value="a">A</option>');
  expect(dom).toContain('<option value="b"\n            selected>B</option>');
  expect(dom).toContain('<textarea id="t">new text</textarea>');
});

test('attributes come in canonical order, one per line when more than one', async ({ serialize }) => {
  const dom = await serialize(
    `<a class="link" title="t" href="/x" aria-label="Go" role="button" name="n" id="i" target="_blank">Go</a><form method="post" action="/s"><label for="f">F</label></form>`,
  );
  expect(dom).toContain(
    [
      '  <a id="i"',
      '     name="n"',
      '     role="button"',
      '     aria-label="Go"',
      '     href="/x"',
      '     class="link"',
      '     target="_blank"',
      '     title="t">Go</a>',
    ].join('\n'),
  );
  expect(dom).toContain('<form action="/s"\n        method="post">');
});

test('open shadow roots are inlined; output is deterministic', async ({ serialize }) => {
  const html = `<div id="host"></div><script>document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<button>Inside</button>';</script>`;
  const first = await serialize(html);
  expect(first).toBe('<body>\n  <div id="host">\n    #shadow-root\n      <button>Inside</button>\n  </div>\n</body>\n');
  expect(await serialize(html)).toBe(first);
});

test('text is whitespace-collapsed and escaped; long text goes on its own line', async ({ serialize }) => {
  const long = 'x'.repeat(100);
  const dom = await serialize(`<p>  a   &lt;b&gt;
    c </p><div>${long}</div>`);
  expect(dom).toContain('<p>a &lt;b&gt; c</p>');
  expect(dom).toContain(`<div>\n    ${long}\n  </div>`);
});
