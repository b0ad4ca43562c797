// The planner's plain cases: names, verifications, the grammar of each verb, ordinary phrasings, multi-step queries.
import { expect, test } from '@playwright/test';
import { isNegotiation, type SemanticNode } from '../../../shared/negotiation';
import { plan, actionOf, negotiationOf, button } from './planner-fixtures';

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
  // No field named so: the skeleton's placeholders may name one; when none does, the query is refused.
  const phone = 'Type "x" into the phone field';
  expect(negotiationOf(await plan({ query: phone, interactiveTree: tree })).needsSkeletonDom).toBe(true);
  const hinted = '<input data-llm-id="e3" placeholder="you@example.com">';
  expect(
    actionOf(await plan({ query: phone, interactiveTree: tree, domMode: 'skeleton', skeletonDom: hinted })),
  ).toMatch(/^fail\("No text field matches \\"phone\\"/);
  expect(
    actionOf(
      await plan({
        query: 'type "a@b.co" into the you@example.com field',
        interactiveTree: tree,
        domMode: 'skeleton',
        skeletonDom: hinted,
      }),
    ),
  ).toBe('type(e3, "a@b.co")');
  // A dropdown's options are checked before a value is chosen: the skeleton DOM lists them.
  const size = 'Select "Large" from the size dropdown';
  expect(negotiationOf(await plan({ query: size, interactiveTree: tree })).needsSkeletonDom).toBe(true);
  const sizes = '<select data-llm-id="e4"><option>Small</option><option>Large</option></select>';
  expect(actionOf(await plan({ query: size, interactiveTree: tree, domMode: 'skeleton', skeletonDom: sizes }))).toBe(
    'select(e4, "Large")',
  );
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
  const categories = '<select data-llm-id="e3"><option>Meals</option><option>Travel</option></select>';
  expect(
    actionOf(
      await plan({
        query: 'set Category to Travel',
        interactiveTree: tree,
        domMode: 'skeleton',
        skeletonDom: categories,
      }),
    ),
  ).toBe('select(e3, "Travel")');
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
