import { expect, test } from '@playwright/test';
import { encode } from 'jpeg-js';
import {
  interactRequestSchema,
  interactResponseSchema,
  isNegotiation,
  type InteractResponse,
  type SemanticNode,
} from '../../../shared/negotiation';
import { DeterministicPlanner } from './deterministic-planner';

type Box = [number, number, number, number];
type Rgb = [number, number, number];

const planner = new DeterministicPlanner();

/** Plans a request (validated as the endpoint would) and checks that the answer honours the contract. */
async function plan(request: Record<string, unknown>): Promise<InteractResponse> {
  const parsed = interactRequestSchema.parse({
    url: 'https://shop.example/catalog',
    domMode: 'semantic_v3',
    viewport: { width: 1280, height: 800 },
    ...request,
  });
  const response = await planner.plan(parsed);
  return interactResponseSchema.parse(response);
}

/** The action of a response that must not be a negotiation. */
function actionOf(response: InteractResponse): string {
  if (isNegotiation(response)) throw new Error(`expected an action, got a request for context: ${response.reason}`);
  return response.action;
}

function negotiationOf(response: InteractResponse) {
  if (!isNegotiation(response)) throw new Error(`expected a request for context, got ${response.action}`);
  return response;
}

/**
 * A real JPEG, base64: a white page of `width`×`height` CSS pixels at `scale` device pixels each, with each box
 * filled in its colour and a white band across its middle (the label text, which the background must outweigh).
 */
function screenshot(width: number, height: number, scale: number, boxes: { box: Box; rgb: Rgb }[]): string {
  const w = width * scale;
  const h = height * scale;
  const data = Buffer.alloc(w * h * 4, 255);
  for (const { box, rgb } of boxes) {
    const [x0, y0, x1, y1] = [box[0] * scale, box[1] * scale, (box[0] + box[2]) * scale, (box[1] + box[3]) * scale];
    for (let y = Math.max(0, y0); y < Math.min(h, y1); y++) {
      const text = y > y0 + (y1 - y0) * 0.45 && y < y0 + (y1 - y0) * 0.55;
      for (let x = Math.max(0, x0); x < Math.min(w, x1); x++) {
        const at = (y * w + x) * 4;
        [data[at], data[at + 1], data[at + 2]] = text ? [255, 255, 255] : rgb;
      }
    }
  }
  return encode({ width: w, height: h, data }, 85).data.toString('base64');
}

const button = (i: string, n: string, box: Box, extra: Partial<SemanticNode> = {}): SemanticNode => ({
  i,
  r: 'btn',
  n,
  box,
  xy: [box[0] + box[2] / 2, box[1] + box[3] / 2],
  ...extra,
});

test('Save: a plain name match is clicked without asking for more', async () => {
  const response = await plan({
    query: 'Click the Save button',
    interactiveTree: [
      button('e11', 'Cancel', [800, 20, 80, 40]),
      button('e12', 'Save', [900, 20, 80, 40]),
      { i: 'e13', r: 'lnk', n: 'Save settings help' },
    ],
  });
  expect(actionOf(response)).toBe('click(e12)');
  // The thought says which words matched and why the runner-up lost.
  expect(isNegotiation(response) ? '' : response.thought).toBe(
    'Click button "Save" (e12): its name matches "save". Next best: link "Save settings help" (e13) also matches "save", but its name holds more than the query asks for.',
  );
});

test('a colour asks for hybrid, then the real screenshot picks the blue button (boxes scaled to image pixels)', async () => {
  const boxes: Box[] = [
    [20, 20, 100, 40],
    [160, 20, 100, 40],
    [300, 20, 100, 40],
  ];
  const tree = [
    button('e1', 'Button', boxes[0]),
    button('e2', 'Button', boxes[1]),
    button('e3', 'Button', boxes[2]),
    button('e4', 'Button', [20, 900, 100, 40]), // below the fold: no pixels
  ];
  const first = negotiationOf(
    await plan({ query: 'Click the blue button', viewport: { width: 640, height: 400 }, interactiveTree: tree }),
  );
  expect(first).toMatchObject({
    status: 'needs_context',
    requestedDomMode: 'hybrid',
    needsScreenshot: true,
    needsSkeletonDom: true,
  });
  expect(first.reason).toContain('"blue"');

  // Device scale 2: box coordinates in CSS pixels must be doubled to land on the right pixels.
  const shot = screenshot(640, 400, 2, [
    { box: boxes[0], rgb: [220, 40, 40] },
    { box: boxes[1], rgb: [30, 90, 220] },
    { box: boxes[2], rgb: [40, 170, 60] },
  ]);
  const hybrid = {
    domMode: 'hybrid',
    viewport: { width: 640, height: 400 },
    interactiveTree: tree,
    screenshot: shot,
    skeletonDom:
      '<div><button data-llm-id="e1">Button</button><button data-llm-id="e2">Button</button><button data-llm-id="e3">Button</button></div>',
  };
  const blue = await plan({ ...hybrid, query: 'Click the blue button' });
  expect(actionOf(blue)).toBe('click(e2)');
  expect(isNegotiation(blue) ? '' : blue.thought).toContain('blue');
  expect(actionOf(await plan({ ...hybrid, query: 'click the green button' }))).toBe('click(e3)');
  const purple = actionOf(await plan({ ...hybrid, query: 'click the purple button' }));
  expect(purple).toMatch(/^fail\(/);
  expect(purple).toContain('(e1) is red');
  expect(purple).toContain('(e4) is not in the screenshot');
});

test('duplicate "Add to cart" asks for the skeleton, whose cards pick the Pro plan one', async () => {
  const tree = [
    { i: 'e2', r: 'lnk', n: 'Pricing' },
    // Scores as well as the buttons on its words alone; "add" (the query's verb) is what rules it out.
    { i: 'e7', r: 'lnk', n: 'Pro plan' },
    button('e5', 'Add to cart', [100, 300, 120, 40]),
    button('e9', 'Add to cart', [500, 300, 120, 40]),
  ];
  const first = negotiationOf(await plan({ query: 'Add the Pro plan to cart', interactiveTree: tree }));
  expect(first).toMatchObject({ requestedDomMode: 'skeleton', needsSkeletonDom: true, needsScreenshot: false });
  expect(first.reason).toContain('(e5)');
  expect(first.reason).toContain('(e9)');

  // As src/main/page-state/skeleton.ts writes it: no whitespace between tags.
  const skeletonDom =
    '<header><nav><a href="/pricing" data-llm-id="e2">Pricing</a></nav></header><main><h1>Plans</h1>' +
    '<section><div><h2>Basic plan</h2><p>For individuals</p><p>$5</p></div><button type="button" data-llm-id="e5">Add to cart</button></section>' +
    '<section><div><h2><a href="/plans/pro" data-llm-id="e7">Pro plan</a></h2><p>For teams</p><p>$20</p></div><button type="button" data-llm-id="e9">Add to cart</button></section></main>';
  const pro = await plan({
    query: 'Add the Pro plan to cart',
    domMode: 'skeleton',
    skeletonDom,
    interactiveTree: tree,
  });
  expect(actionOf(pro)).toBe('click(e9)');
  expect(isNegotiation(pro) ? '' : pro.thought).toContain('Pro plan For teams');
  expect(
    actionOf(
      await plan({ query: 'Add the basic plan to cart', domMode: 'skeleton', skeletonDom, interactiveTree: tree }),
    ),
  ).toBe('click(e5)');

  // The skeleton may also arrive in hybrid mode; with no word to separate them and everything sent, it fails.
  const shot = screenshot(1280, 800, 1, []);
  const undecided = actionOf(
    await plan({ query: 'Click Add to cart', domMode: 'hybrid', skeletonDom, screenshot: shot, interactiveTree: tree }),
  );
  expect(undecided).toMatch(/^fail\(".*\(e5\).*\(e9\)/);
  const needsLayout = negotiationOf(
    await plan({ query: 'Click Add to cart', domMode: 'skeleton', skeletonDom, interactiveTree: tree }),
  );
  expect(needsLayout).toMatchObject({ requestedDomMode: 'hybrid', needsScreenshot: true });
});

test('a row is chosen by its words only when it holds every one another row holds', async () => {
  const tree = [button('e1', 'Book', [900, 100, 80, 30]), button('e2', 'Book', [900, 140, 80, 30])];
  const skeletonDom =
    '<h1>Trains</h1><table><tr><td>11:40</td><td>Berlin</td><td><button data-llm-id="e1">Book</button></td></tr>' +
    '<tr><td>10:15</td><td>Hamburg</td><td><button data-llm-id="e2">Book</button></td></tr></table>';
  const artifacts = { domMode: 'hybrid', skeletonDom, screenshot: screenshot(1280, 800, 1, []), interactiveTree: tree };
  expect(actionOf(await plan({ query: 'Book the 10:15 train', ...artifacts }))).toBe('click(e2)');
  // "11" and "Berlin" are in one row, "15" in the other: the words name neither row, and the one holding more of them is
  // no better a guess.
  expect(actionOf(await plan({ query: 'Book the 11:15 train to Berlin', ...artifacts }))).toMatch(
    /^fail\(".*\(e1\).*\(e2\)/,
  );
});

test('an ordinal counts from the end when the query says so; a count within a count is refused', async () => {
  const tree = [1, 2, 3, 4].map(k => button(`e${k}`, 'Details', [900, 100 + 40 * k, 80, 30]));
  expect(actionOf(await plan({ query: 'Click the second to last Details button', interactiveTree: tree }))).toBe(
    'click(e3)',
  );
  expect(actionOf(await plan({ query: 'Click the first Details button from the bottom', interactiveTree: tree }))).toBe(
    'click(e4)',
  );
  expect(actionOf(await plan({ query: 'Click the fourth Details button', interactiveTree: tree }))).toBe('click(e4)');
  expect(
    actionOf(await plan({ query: 'Click the first Details button in the second row', interactiveTree: tree })),
  ).toMatch(/^fail\("The query counts twice/);
});

test('an ordinal counts within the rows its qualifier names', async () => {
  const rows = [
    ['11:40', 'Berlin'],
    ['12:10', 'Hamburg'],
    ['13:05', 'Berlin'],
    ['14:30', 'Hamburg'],
  ];
  const tree = rows.map((_, k) => button(`e${k + 1}`, 'Details', [900, 100 + 40 * k, 80, 30]));
  const skeletonDom = `<h1>Trains</h1><table>${rows.map(([time, city], k) => `<tr><td>${time}</td><td>${city}</td><td><button data-llm-id="e${k + 1}">Details</button></td></tr>`).join('')}</table>`;
  const ask = (query: string) => plan({ query, domMode: 'skeleton', skeletonDom, interactiveTree: tree });
  expect(actionOf(await ask('Click the second Details button for the Hamburg train'))).toBe('click(e4)');
  expect(actionOf(await ask('Click the second Details button'))).toBe('click(e2)');
  // Words every row holds, or none, do not narrow the count.
  expect(actionOf(await ask('Click the second Details button for a train'))).toBe('click(e2)');
  expect(actionOf(await ask('Click the third Details button for the Hamburg train'))).toMatch(/^fail\(".*only 2/);
  // Without the skeleton, the rows cannot be read: it is asked for rather than counting over all of them.
  expect(
    negotiationOf(
      await plan({ query: 'Click the second Details button for the Hamburg train', interactiveTree: tree }),
    ),
  ).toMatchObject({ needsSkeletonDom: true });
});

test('an occluded element is passed over for an unoccluded one of the same name', async () => {
  const tree = [
    button('e1', 'Save', [900, 20, 80, 40], { occ: true }),
    { i: 'e6', r: 'dlg', n: 'Unsaved changes' },
    button('e7', 'Save', [600, 400, 80, 40]),
  ];
  const response = await plan({ query: 'Click Save', interactiveTree: tree });
  expect(actionOf(response)).toBe('click(e7)');
  expect(isNegotiation(response) ? '' : response.thought).toContain('(e1) also matches but is covered');
});

test('when only occluded elements match, it fails naming the covered element', async () => {
  const tree = [button('e1', 'Save', [900, 20, 80, 40], { occ: true }), button('e2', 'Close', [600, 400, 80, 40])];
  const action = actionOf(await plan({ query: 'Click the Save button', interactiveTree: tree }));
  expect(action).toMatch(/^fail\(/);
  expect(action).toContain('button \\"Save\\" (e1) is covered by another element');
});

test('attribute verification asks for the full DOM, then checks the href in it', async () => {
  const tree = [
    { i: 'e3', r: 'lnk', n: 'Docs' },
    { i: 'e4', r: 'lnk', n: 'Blog' },
  ];
  const query = 'Verify the "Docs" link points to "/docs"';
  expect(negotiationOf(await plan({ query, interactiveTree: tree }))).toMatchObject({
    requestedDomMode: 'full',
    needsSkeletonDom: false,
    needsScreenshot: false,
  });

  const page = (href: string) => `<!doctype html><html><head><title>Shop</title></head><body><nav>
    <a href="${href}" class="nav"><span>Docs</span></a><a href="/blog">Blog</a></nav><footer><a href="/docs-old">Old docs</a></footer></body></html>`;
  const passed = actionOf(await plan({ query, domMode: 'full', dom: page('/docs'), interactiveTree: tree }));
  expect(passed).toMatch(/^done\("Verified: /);
  expect(passed).toContain('href=\\"/docs\\"');
  // An absolute URL to the same place passes too.
  expect(
    actionOf(await plan({ query, domMode: 'full', dom: page('https://shop.example/docs'), interactiveTree: tree })),
  ).toMatch(/^done\(/);
  const failed = actionOf(await plan({ query, domMode: 'full', dom: page('/documentation'), interactiveTree: tree }));
  expect(failed).toMatch(/^fail\(/);
  expect(failed).toContain('href=\\"/documentation\\"');
  expect(
    actionOf(
      await plan({
        query: 'check the href of the Blog link',
        domMode: 'full',
        dom: page('/docs'),
        interactiveTree: tree,
      }),
    ),
  ).toContain('href=\\"/blog\\"');
});

test('verification without raw attributes is answered from the semantic tree', async () => {
  const tree = [button('e12', 'Save', [900, 20, 80, 40]), button('e13', 'Delete', [900, 80, 80, 40], { occ: true })];
  expect(actionOf(await plan({ query: 'Verify the Save button is shown', interactiveTree: tree }))).toBe(
    'done("Verified: button \\"Save\\" (e12) is shown.")',
  );
  expect(actionOf(await plan({ query: 'Verify the Publish button is shown', interactiveTree: tree }))).toMatch(
    /^fail\("Verification failed: no element matches \\"publish\\"/,
  );
  expect(actionOf(await plan({ query: 'Verify the Delete button is visible', interactiveTree: tree }))).toMatch(
    /^fail\(.*covered/,
  );
  expect(actionOf(await plan({ query: 'make sure the Publish button is not shown', interactiveTree: tree }))).toMatch(
    /^done\(/,
  );
  expect(
    actionOf(
      await plan({ query: 'Verify the page title is "Catalog"', pageTitle: 'Catalog – Shop', interactiveTree: tree }),
    ),
  ).toMatch(/^done\(/);
  expect(actionOf(await plan({ query: 'Verify "Order placed" is shown', interactiveTree: tree }))).toMatch(/^fail\(/);
});

test('grammar: type, select, scroll, press, navigate, wait', async () => {
  const tree: SemanticNode[] = [
    { i: 'e1', r: 'btn', n: 'Search' },
    { i: 'e2', r: 'srch', n: 'Search products' },
    { i: 'e3', r: 'txt', n: 'Email' },
    { i: 'e4', r: 'cmb', n: 'Size' },
    { i: 'e5', r: 'cmb', n: 'Colour' },
    { i: 'e8', r: 'lst', n: 'Search results', scr: true },
  ];
  const run = async (query: string) => actionOf(await plan({ query, interactiveTree: tree }));
  expect(await run('Type "red shoes" into the search box')).toBe('type(e2, "red shoes")');
  // Curly quotes may hold straight ones; the action string escapes them.
  expect(await run('fill the email field with “say "hi"”')).toBe('type(e3, "say \\"hi\\"")');
  expect(await run('type into the email field')).toMatch(/^fail\(".*quotes/);
  expect(await run('Type "x" into the phone field')).toMatch(/^fail\("No text field matches \\"phone\\"/);
  expect(await run('Select "Large" from the size dropdown')).toBe('select(e4, "Large")');
  expect(await run('Scroll down')).toBe('scroll(page, down)');
  expect(await run('scroll up in the search results')).toBe('scroll(e8, up)');
  expect(await run('scroll down in the sidebar')).toBe('scroll(page, down)');
  expect(await run('Press Enter')).toBe('press("Enter")');
  expect(await run('press ctrl+a')).toBe('press("Control+a")');
  expect(await run('Go to example.com')).toBe('navigate("https://example.com")');
  expect(await run('open /checkout')).toBe('navigate("https://shop.example/checkout")');
  expect(await run('navigate to localhost:3000/admin')).toBe('navigate("http://localhost:3000/admin")');
  expect(await run('Wait 2 seconds')).toBe('wait(2000)');
});

test('select without dropdowns clicks the option of that name; check clicks the checkbox', async () => {
  const tree: SemanticNode[] = [
    { i: 'e1', r: 'rad', n: 'Standard shipping' },
    { i: 'e2', r: 'rad', n: 'Express shipping' },
    { i: 'e3', r: 'btn', n: 'Terms' },
    { i: 'e4', r: 'chk', n: 'I accept the terms' },
  ];
  expect(actionOf(await plan({ query: 'Choose "Express shipping"', interactiveTree: tree }))).toBe('click(e2)');
  const tick = await plan({ query: 'check the terms box', interactiveTree: tree });
  expect(actionOf(tick)).toBe('click(e4)');
  expect(isNegotiation(tick) ? '' : tick.thought).toMatch(/^Tick checkbox/);
});

test('ordinals count the matches in reading order, not tree order', async () => {
  const tree = [
    button('e9', 'Add to cart', [600, 100, 120, 40]),
    button('e7', 'Add to cart', [100, 400, 120, 40]),
    button('e5', 'Add to cart', [100, 104, 120, 40]),
    { i: 'e2', r: 'txt', n: 'Last name' },
    { i: 'e1', r: 'txt', n: 'First name' },
    { i: 'e3', r: 'lnk', n: 'Back to top' },
  ];
  const run = async (query: string) => actionOf(await plan({ query, interactiveTree: tree }));
  expect(await run('Click the second Add to cart button')).toBe('click(e9)');
  expect(await run('click the first Add to cart button')).toBe('click(e5)');
  expect(await run('Click the last Add to cart button')).toBe('click(e7)');
  expect(await run('click the fourth Add to cart button')).toMatch(/^fail\(".*only 3/);
  // "First name" is a name, not an ordinal.
  expect(await run('Type "Ada" into the first name field')).toBe('type(e1, "Ada")');
  expect(await run('Type "Lovelace" into the last name field')).toBe('type(e2, "Lovelace")');
  // Nor is "top" a place when a name says "Back to top": no screenshot is asked for.
  expect(await run('Click back to top')).toBe('click(e3)');
});

test('a position asks for hybrid, then picks the button nearest the top-right corner', async () => {
  const tree = [
    button('e1', 'Home', [10, 10, 80, 30]),
    button('e2', 'Help', [1100, 700, 80, 30]),
    button('e3', 'Account', [1180, 10, 80, 30]),
    button('e4', 'Cart', [1050, 60, 80, 30]),
  ];
  const query = 'Click the button in the top-right corner';
  expect(negotiationOf(await plan({ query, interactiveTree: tree })).reason).toContain('top-right');
  const artifacts = { domMode: 'hybrid', skeletonDom: '<div></div>', screenshot: screenshot(1280, 800, 1, []) };
  expect(actionOf(await plan({ query, ...artifacts, interactiveTree: tree }))).toBe('click(e3)');
  expect(actionOf(await plan({ query: 'click the bottom button', ...artifacts, interactiveTree: tree }))).toBe(
    'click(e2)',
  );
  // No element is named like a gear, so the place alone decides.
  expect(actionOf(await plan({ query: 'click the gear at the top left', ...artifacts, interactiveTree: tree }))).toBe(
    'click(e1)',
  );
});

test('icons map to names; "the second card" counts the cards of the skeleton', async () => {
  const tree = [
    button('e1', 'Settings', [1200, 10, 30, 30]),
    button('e2', 'Notifications', [1150, 10, 30, 30]),
    { i: 'e5', r: 'lnk', n: 'Basic', box: [100, 200, 200, 30] as Box },
    button('e6', 'Buy', [100, 300, 80, 30]),
    { i: 'e7', r: 'lnk', n: 'Pro', box: [400, 200, 200, 30] as Box },
    button('e8', 'Buy', [400, 300, 80, 30]),
  ];
  expect(negotiationOf(await plan({ query: 'click the gear icon', interactiveTree: tree }))).toMatchObject({
    requestedDomMode: 'hybrid',
  });
  const skeletonDom =
    '<header><button aria-label="Notifications" data-llm-id="e2"></button><button aria-label="Settings" data-llm-id="e1"></button></header>' +
    '<ul><li><a href="/basic" data-llm-id="e5">Basic</a><p>$5</p><button data-llm-id="e6">Buy</button></li>' +
    '<li><a href="/pro" data-llm-id="e7">Pro</a><p>$20</p><button data-llm-id="e8">Buy</button></li></ul>';
  const artifacts = { domMode: 'hybrid', skeletonDom, screenshot: screenshot(1280, 800, 1, []) };
  const gear = await plan({ query: 'click the gear icon', ...artifacts, interactiveTree: tree });
  expect(actionOf(gear)).toBe('click(e1)');
  expect(isNegotiation(gear) ? '' : gear.thought).toContain('gear icon');
  expect(actionOf(await plan({ query: 'Click the bell', ...artifacts, interactiveTree: tree }))).toBe('click(e2)');
  expect(negotiationOf(await plan({ query: 'Click the second card', interactiveTree: tree })).reason).toContain(
    'second card',
  );
  expect(actionOf(await plan({ query: 'Click the second card', ...artifacts, interactiveTree: tree }))).toBe(
    'click(e7)',
  );
  expect(actionOf(await plan({ query: 'Click Buy in the second card', ...artifacts, interactiveTree: tree }))).toBe(
    'click(e8)',
  );
});

test('no match fails naming the words and the closest elements; an empty tree fails', async () => {
  const tree = [button('e1', 'Log in', [10, 10, 80, 30]), button('e2', 'Register', [100, 10, 80, 30])];
  const action = actionOf(await plan({ query: 'Click the checkout button', interactiveTree: tree }));
  expect(action).toMatch(/^fail\("Nothing on the page matches \\"checkout\\"/);
  expect(actionOf(await plan({ query: 'click login', interactiveTree: tree }))).toBe('click(e1)');
  expect(actionOf(await plan({ query: 'Click Save', interactiveTree: [] }))).toMatch(
    /^fail\(".*interactiveTree is empty/,
  );
  // Queries that need no element still work on an empty page.
  expect(actionOf(await plan({ query: 'press Escape', interactiveTree: [] }))).toBe('press("Escape")');
});

test('numbers match exactly, among thousands of similar names', async () => {
  const tree = Array.from(
    { length: 5000 },
    (_, k): SemanticNode => ({ i: `e${k + 10}`, r: 'btn', n: `Action ${k + 1}` }),
  );
  expect(actionOf(await plan({ query: 'Click Action 2501', interactiveTree: tree }))).toBe('click(e2510)');
  expect(actionOf(await plan({ query: 'Click Action 5001', interactiveTree: tree }))).toMatch(
    /^fail\("Nothing on the page matches \\"action 5001\\"/,
  );
});

test('ordinary phrasings: unquoted values, set … to on fields and dropdowns, typos, stop-word names', async () => {
  const tree: SemanticNode[] = [
    { i: 'e1', r: 'txt', n: 'New expense' },
    { i: 'e2', r: 'txt', n: 'Amount' },
    { i: 'e3', r: 'cmb', n: 'Category' },
    { i: 'e4', r: 'spn', n: 'Quantity' },
    { i: 'e5', r: 'txt', n: 'From' },
    { i: 'e6', r: 'txt', n: 'To' },
    { i: 'e7', r: 'lnk', n: 'Tokyo' },
    { i: 'e8', r: 'btn', n: 'Sign in' },
    { i: 'e9', r: 'txt', n: 'First name' },
  ];
  const run = async (query: string) => actionOf(await plan({ query, interactiveTree: tree }));
  expect(await run('Enter trip to Lisbon into the New expense field')).toBe('type(e1, "trip to Lisbon")');
  expect(await run('put 42.50 in Amount')).toBe('type(e2, "42.50")');
  expect(await run('set Category to Travel')).toBe('select(e3, "Travel")');
  expect(await run('set Quantity to 3')).toBe('type(e4, "3")');
  expect(await run('set To to Tokyo')).toBe('type(e6, "Tokyo")');
  expect(await run('Type "Porto" into the From field')).toBe('type(e5, "Porto")');
  expect(await run('type ada into frist name')).toBe('type(e9, "ada")');
  expect(await run('log in')).toBe('click(e8)');
});

test('multi-step: the first step acts, the thought names the rest', async () => {
  const tree: SemanticNode[] = [
    { i: 'e1', r: 'txt', n: 'Coupon code' },
    { i: 'e2', r: 'btn', n: 'Apply coupon' },
  ];
  const response = await plan({
    query: 'Enter SAVE10 in Coupon code and then click Apply coupon',
    interactiveTree: tree,
  });
  expect(actionOf(response)).toBe('type(e1, "SAVE10")');
  expect(isNegotiation(response) ? '' : response.thought).toContain('later steps: "click Apply coupon"');
});

test('refusals instead of guesses: unsupported verbs, words nothing holds, positions two elements share', async () => {
  const tree: SemanticNode[] = [
    button('e1', 'Menu', [10, 10, 80, 40]),
    button('e2', 'Help', [1190, 10, 80, 40]),
    { i: 'e3', r: 'chk', n: 'Email notifications' },
    { i: 'e4', r: 'btn', n: 'Sign in' },
  ];
  const run = async (query: string, extra: Record<string, unknown> = {}) =>
    plan({ query, interactiveTree: tree, ...extra });
  expect(actionOf(await run('hover over the Help button'))).toMatch(/^fail\("\\"hover over\\" is not an action/);
  // "Marketing" is nowhere in the names: the skeleton's text is asked for, and when it is not there either, refused.
  expect(negotiationOf(await run('tick the Marketing emails checkbox')).reason).toContain('"marketing"');
  expect(
    actionOf(await run('tick the Marketing emails checkbox', { domMode: 'skeleton', skeletonDom: '<h2>Alerts</h2>' })),
  ).toMatch(/^fail\("Nothing on the page matches .*holds \\"marketing\\"/);
  expect(
    actionOf(await run('click Sign in with Apple', { domMode: 'skeleton', skeletonDom: '<p>Welcome</p>' })),
  ).toMatch(/^fail\(/);
  const shot = screenshot(1280, 800, 1, []);
  expect(
    actionOf(await run('click the top button', { domMode: 'hybrid', skeletonDom: '<div></div>', screenshot: shot })),
  ).toMatch(/^fail\("Cannot tell which element is meant: button \\"Menu\\" \(e1\) and button \\"Help\\"/);
});

test('an anchor ("next to", "under", "about") places the target instead of naming it', async () => {
  const tree: SemanticNode[] = [
    { i: 'e1', r: 'srch', n: 'Search the catalog', box: [20, 80, 180, 20] },
    button('e2', 'Go', [200, 80, 34, 20]),
    { i: 'e3', r: 'txt', n: 'Page number', box: [20, 180, 180, 20] },
    button('e4', 'Go', [200, 180, 34, 20]),
    { i: 'e5', r: 'lnk', n: 'Blue trail shoes', box: [50, 340, 100, 16] },
    button('e6', 'Save for later', [150, 340, 95, 20]),
    { i: 'e7', r: 'lnk', n: 'Red running shoes', box: [50, 320, 100, 16] },
    button('e8', 'Save for later', [150, 320, 95, 20]),
  ];
  const skeletonDom =
    '<div><input data-llm-id="e1"><button data-llm-id="e2">Go</button></div><section><h2>Jump to page</h2><input data-llm-id="e3"><button data-llm-id="e4">Go</button></section>' +
    '<ol><li><a data-llm-id="e7">Red running shoes</a><button data-llm-id="e8">Save for later</button></li><li><a data-llm-id="e5">Blue trail shoes</a><button data-llm-id="e6">Save for later</button></li></ol>';
  const run = async (query: string) =>
    actionOf(await plan({ query, interactiveTree: tree, domMode: 'skeleton', skeletonDom }));
  expect(await run('click Go under Jump to page')).toBe('click(e4)');
  expect(await run('click the Go button next to the search box')).toBe('click(e2)');
  expect(await run('click Save for later next to Blue trail shoes')).toBe('click(e6)');
});

test('a colour word a name holds is a word of that name; a phrase with its stop words picks the names that hold it', async () => {
  const tree: SemanticNode[] = [
    { i: 'e1', r: 'lnk', n: 'Red running shoes' },
    { i: 'e2', r: 'lnk', n: 'Blue trail shoes' },
    { i: 'e3', r: 'btn', n: 'Sign in' },
    { i: 'e4', r: 'btn', n: 'Sign in with Google' },
    { i: 'e5', r: 'btn', n: 'Sign in with GitHub' },
  ];
  // No screenshot is asked for: "Blue" names the link.
  expect(actionOf(await plan({ query: 'open Blue trail shoes', interactiveTree: tree }))).toBe('click(e2)');
  expect(actionOf(await plan({ query: 'click Sign in', interactiveTree: tree }))).toBe('click(e3)');
  // "sign in with" is in two names, not in "Sign in": a tie between those two, never the plain Sign in button.
  expect(negotiationOf(await plan({ query: 'click the sign in with button', interactiveTree: tree })).reason).toMatch(
    /Sign in with Google.*Sign in with GitHub/,
  );
});

test('a verb with no action of its own is done only by a control named for it; otherwise it is refused, never clicked elsewhere', async () => {
  const interactiveTree: SemanticNode[] = [
    { i: 'e1', r: 'lnk', n: 'Lunch on Friday? — Priya Shah', box: [20, 100, 400, 20] },
    { i: 'e2', r: 'btn', n: 'Archive', box: [440, 100, 80, 20] },
    { i: 'e3', r: 'swt', n: 'Dark mode', box: [20, 200, 60, 20] },
  ];
  const starred = await plan({ query: 'star the lunch mail from Priya', interactiveTree });
  expect(actionOf(starred)).toMatch(/^fail\(/);
  expect(isNegotiation(starred) ? '' : starred.thought).toContain(
    '"star" is not an action the planner can take by clicking link "Lunch on Friday? — Priya Shah"',
  );
  expect(actionOf(await plan({ query: 'archive the lunch mail', interactiveTree }))).toBe('click(e2)');
  expect(actionOf(await plan({ query: 'turn on dark mode', interactiveTree }))).toBe('click(e3)');
  expect(actionOf(await plan({ query: 'open the lunch mail from Priya', interactiveTree }))).toBe('click(e1)');
});

test("a choice for what a card is named: the value's first word names the dropdown, the rest of the query the card", async () => {
  const interactiveTree: SemanticNode[] = [
    { i: 'e1', r: 'cmb', n: 'Size', box: [20, 100, 120, 20] },
    { i: 'e2', r: 'cmb', n: 'Size', box: [20, 300, 120, 20] },
  ];
  const skeletonDom =
    '<article><h2>Oak desk</h2><select data-llm-id="e1"></select></article><article><h2>Trail runner</h2><select data-llm-id="e2"></select></article>';
  expect(negotiationOf(await plan({ query: 'pick size 42 for the Trail runner', interactiveTree }))).toMatchObject({
    requestedDomMode: 'skeleton',
    needsSkeletonDom: true,
  });
  expect(
    actionOf(
      await plan({ query: 'pick size 42 for the Trail runner', domMode: 'skeleton', skeletonDom, interactiveTree }),
    ),
  ).toBe('select(e2, "42")');
  // A dropdown the words after "for" do name keeps the first reading.
  expect(
    actionOf(
      await plan({
        query: 'pick size 42 for the Trail runner',
        interactiveTree: [{ i: 'e3', r: 'cmb', n: 'Trail runner', box: [20, 100, 120, 20] }],
      }),
    ),
  ).toBe('select(e3, "size 42")');
});
