// The planner among equal names: rows and cards that tell them apart, ordinals, covered elements, anchors.
import { expect, test } from '@playwright/test';
import { isNegotiation, type SemanticNode } from '../../../shared/negotiation';
import { plan, actionOf, negotiationOf, screenshot, button, onPage } from './planner-fixtures';

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

test("a choice for what a card is named: the value's first word names the dropdown, the rest of the query the card", async () => {
  const interactiveTree: SemanticNode[] = [
    { i: 'e1', r: 'cmb', n: 'Size', box: [20, 100, 120, 20] },
    { i: 'e2', r: 'cmb', n: 'Size', box: [20, 300, 120, 20] },
  ];
  const sizes = '<option>41</option><option>42</option>';
  const skeletonDom = `<article><h2>Oak desk</h2><select data-llm-id="e1"></select></article><article><h2>Trail runner</h2><select data-llm-id="e2">${sizes}</select></article>`;
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
        domMode: 'skeleton',
        skeletonDom: '<select data-llm-id="e3"><option>Size 41</option><option>Size 42</option></select>',
        interactiveTree: [{ i: 'e3', r: 'cmb', n: 'Trail runner', box: [20, 100, 120, 20] }],
      }),
    ),
  ).toBe('select(e3, "Size 42")');
});

test('"the third room" counts the room cards, not the Reserve buttons; a card without one is refused', async () => {
  const tree = [
    button('e1', 'Reserve', [900, 100, 80, 30]),
    { i: 'e2', r: 'lnk', n: 'See photos' },
    button('e3', 'Reserve', [900, 300, 80, 30]),
    button('e4', 'Reserve', [900, 400, 80, 30]),
  ];
  const card = (title: string, action: string) => `<article><h3>${title}</h3><p>Sleeps 2</p>${action}</article>`;
  const skeletonDom = `<main><h1>Rooms</h1>${card('Single', '<button data-llm-id="e1">Reserve</button>')}${card('Double', '<a href="#double" data-llm-id="e2">See photos</a>')}${card('Twin', '<button data-llm-id="e3">Reserve</button>')}${card('Suite', '<button data-llm-id="e4">Reserve</button>')}</main>`;
  // Without the skeleton the cards are unknown: it is asked for rather than counting buttons.
  expect(negotiationOf(await plan({ query: 'reserve the third room', interactiveTree: tree }))).toMatchObject({
    needsSkeletonDom: true,
  });
  const run = async (query: string) =>
    actionOf(await plan({ query, domMode: 'skeleton', skeletonDom, interactiveTree: tree }));
  expect(await run('reserve the third room')).toBe('click(e3)');
  expect(await run('reserve the last room')).toBe('click(e4)');
  expect(await run('reserve the second room')).toMatch(/^fail\("The page has 4 room cards, and the second holds no/);
  // "the second Reserve button" counts buttons, as it says.
  expect(await run('click the second Reserve button')).toBe('click(e3)');
});

test('"select the 06:05 flight" on a page of Select buttons is the Select button of that row', async () => {
  const tree: SemanticNode[] = [
    { i: 'e1', r: 'lnk', n: 'Flights' },
    { i: 'e2', r: 'chk', n: 'Direct flights only' },
    button('e3', 'Select', [900, 100, 80, 30]),
    button('e4', 'Select', [900, 140, 80, 30]),
  ];
  const skeletonDom =
    '<nav><a data-llm-id="e1">Flights</a></nav><label><input type="checkbox" data-llm-id="e2">Direct flights only</label>' +
    '<ul><li><p>06:05</p><p>Direct</p><button data-llm-id="e3">Select</button></li>' +
    '<li><p>09:30</p><p>1 stop</p><button data-llm-id="e4">Select</button></li></ul>';
  const run = async (query: string) =>
    actionOf(await plan({ query, domMode: 'skeleton', skeletonDom, interactiveTree: tree }));
  expect(await run('select the 09:30 flight')).toBe('click(e4)');
  // A choice the page does not name by the verb is still a choice.
  expect(await run('pick the direct flights only checkbox')).toBe('click(e2)');
});

test('"star the homepage mockup": the Star button in the row of the file the query names, never one elsewhere', async () => {
  const tree: SemanticNode[] = [
    { i: 'e1', r: 'lnk', n: 'Homepage mockup.fig' },
    button('e2', 'Star', [900, 100, 80, 30]),
    { i: 'e3', r: 'lnk', n: 'Budget.xlsx' },
    button('e4', 'Star', [900, 140, 80, 30]),
  ];
  const row = (link: string, star: string) =>
    `<tr><td>${link}</td><td>Marcus</td><td><button data-llm-id="${star}">Star</button></td></tr>`;
  const skeletonDom = `<table>${row('<a data-llm-id="e1">Homepage mockup.fig</a>', 'e2')}${row('<a data-llm-id="e3">Budget.xlsx</a>', 'e4')}</table>`;
  const run = async (query: string) =>
    actionOf(await plan({ query, domMode: 'skeleton', skeletonDom, interactiveTree: tree }));
  expect(await run('star the homepage mockup')).toBe('click(e2)');
  expect(await run('star the budget')).toBe('click(e4)');
  // The file outside every row of Star buttons: no Star button is for it, and the query is refused.
  const apart = `<p><a data-llm-id="e1">Homepage mockup.fig</a> (shared with you)</p><table>${row('<span>Budget.xlsx</span>', 'e2')}${row('<a data-llm-id="e3">Budget.xlsx</a>', 'e4')}</table>`;
  const refused = await plan({
    query: 'star the homepage mockup',
    domMode: 'hybrid',
    skeletonDom: apart,
    screenshot: screenshot(1280, 800, 1, []),
    interactiveTree: tree,
  });
  expect(actionOf(refused)).toMatch(/^fail\("\\"star\\" is not an action/);
});

test('a count under or in a titled part of the page runs within it: "the third switch under Email"', async () => {
  const sw = (i: string, n: string): SemanticNode => ({ i, r: 'swt', n });
  const interactiveTree = [sw('e1', 'Comments'), sw('p1', 'Comments'), sw('e2', 'Mentions'), sw('p2', 'Mentions')];
  interactiveTree.push(sw('e3', 'Weekly summary'), sw('t1', 'Security alerts'));
  const section = (title: string, ids: string[]) =>
    `<section><h2>${title}</h2>${ids.map(id => `<label><input role="switch" data-llm-id="${id}"></label>`).join('')}</section>`;
  const skeletonDom =
    section('Email', ['e1', 'e2', 'e3']) +
    section('Push notifications', ['p1', 'p2']) +
    section('Text messages', ['t1']);
  const run = async (query: string) => {
    const first = await plan({ query, interactiveTree });
    // Without the skeleton the sections are unknown: it is asked for, never guessed around.
    expect(isNegotiation(first) ? 'asks' : first.action).toBe('asks');
    return actionOf(await plan({ query, interactiveTree, domMode: 'skeleton', skeletonDom }));
  };
  expect(await run('the third switch under Email')).toBe('click(e3)');
  expect(await run('turn off the second toggle in push notifications')).toBe('click(p2)');
  expect(await run('the first toggle in text messages')).toBe('click(t1)');
  expect(await run('the 4th switch under email')).toMatch(/^fail\(.*only 3/);
  // "section" says what kind of part it is; words no switch is named by title its part.
  expect(await run('the last switch in the email section')).toBe('click(e3)');
  expect(await run('switch on the second push toggle')).toBe('click(p2)');
});

test('a count runs over one kind of thing: the nth member by its card, never a nav link found by the noun', async () => {
  const row = (k: number) => `<li><span>Member ${k}</span> <button data-llm-id="r${k}">Remove</button></li>`;
  const run = onPage(
    [
      { i: 'nav', r: 'lnk', n: 'Members', box: [10, 10, 60, 16] },
      ...[1, 2, 3, 4, 5].map(k => ({
        i: `r${k}`,
        r: 'btn',
        n: 'Remove',
        box: [200, 40 + 30 * k, 60, 20] as [number, number, number, number],
      })),
    ],
    `<nav><a data-llm-id="nav">Members</a></nav><ul>${[1, 2, 3, 4, 5].map(row).join('')}</ul>`,
  );
  expect(await run('bin the fifth member')).toBe('click(r5)');
  expect(await run("the 5th member's Remove")).toBe('click(r5)');
  expect(await run('remove the second member')).toBe('click(r2)');
});

test('a row named by its words, not its title, is opened by its one link; the kind the page lists need not be in it', async () => {
  const run = onPage(
    [
      { i: 'nav', r: 'lnk', n: 'Invoices' },
      { i: 'v1', r: 'lnk', n: 'View' },
      { i: 'v2', r: 'lnk', n: 'View' },
      { i: 'v3', r: 'lnk', n: 'View' },
    ],
    '<nav><a data-llm-id="nav">Invoices</a></nav><table><thead><tr><th>Number</th><th>Client</th><th></th></tr></thead><tbody>' +
      '<tr><td>INV-1</td><td>Northwind Traders</td><td><a data-llm-id="v1">View</a></td></tr>' +
      '<tr><td>INV-2</td><td>Bluebird Café</td><td><a data-llm-id="v2">View</a></td></tr>' +
      '<tr><td>INV-3</td><td>Greenleaf Studio</td><td><a data-llm-id="v3">View</a></td></tr></tbody></table>',
  );
  expect(await run('open the Bluebird Café invoice')).toBe('click(v2)');
  expect(await run("open Northwind's invoice")).toBe('click(v1)');
  expect(await run("open Harbor Dental's invoice")).toMatch(/^fail\(/);
});
