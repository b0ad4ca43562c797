// The planner's refusals: no match, absent numbers, words or verbs nothing holds; never a guess.
import { expect, test } from '@playwright/test';
import { isNegotiation, type SemanticNode } from '../../../shared/negotiation';
import { plan, actionOf, negotiationOf, screenshot, button, onPage } from './planner-fixtures';

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

test('a verb with no action of its own is done only by a control named for it; otherwise it is refused, never clicked elsewhere', async () => {
  const interactiveTree: SemanticNode[] = [
    { i: 'e1', r: 'lnk', n: 'Lunch on Friday? — Priya Shah', box: [20, 100, 400, 20] },
    { i: 'e2', r: 'btn', n: 'Archive', box: [440, 100, 80, 20] },
    { i: 'e3', r: 'swt', n: 'Dark mode', box: [20, 200, 60, 20] },
  ];
  // Which mail the Archive button is for is written only in the page's rows, and whether "star" titles the part of
  // the page the mail is in only in its headings: the skeleton DOM is asked for.
  expect(negotiationOf(await plan({ query: 'archive the lunch mail', interactiveTree }))).toMatchObject({
    needsSkeletonDom: true,
  });
  expect(negotiationOf(await plan({ query: 'star the lunch mail from Priya', interactiveTree }))).toMatchObject({
    needsSkeletonDom: true,
  });
  const skeletonDom =
    '<h1>Inbox</h1><ul><li><a data-llm-id="e1">Lunch on Friday? — Priya Shah</a><button data-llm-id="e2">Archive</button></li></ul>' +
    '<p><label>Dark mode</label><button role="switch" data-llm-id="e3"></button></p><p>Weekly team lunch</p>';
  const withSkeleton = { interactiveTree, skeletonDom, domMode: 'skeleton' as const };
  const starred = await plan({ query: 'star the lunch mail from Priya', ...withSkeleton });
  expect(actionOf(starred)).toMatch(/^fail\(/);
  expect(isNegotiation(starred) ? '' : starred.thought).toContain(
    '"star" is not an action the planner can take by clicking link "Lunch on Friday? — Priya Shah"',
  );
  // A first word no control is named for, which titles the element's part of the page, is where it is, not a verb.
  expect(actionOf(await plan({ query: 'inbox lunch on friday', ...withSkeleton }))).toBe('click(e1)');
  expect(actionOf(await plan({ query: 'archive the lunch mail', ...withSkeleton }))).toBe('click(e2)');
  // "design" is written nowhere; "team" only in a paragraph of its own, away from the Archive button.
  expect(actionOf(await plan({ query: 'archive the design mail', ...withSkeleton }))).toMatch(
    /no element or text holds \\"design\\"/,
  );
  expect(actionOf(await plan({ query: 'archive the team mail', ...withSkeleton }))).toMatch(
    /writes \\"team\\" only in \\"Weekly team lunch\\", in a part of the page it is not in/,
  );
  expect(actionOf(await plan({ query: 'turn on dark mode', interactiveTree }))).toBe('click(e3)');
  expect(actionOf(await plan({ query: 'open the lunch mail from Priya', interactiveTree }))).toBe('click(e1)');
});

test('a verb with no action is a click on a control named for it; a checkbox is ticked by asking for what it offers', async () => {
  const tree: SemanticNode[] = [
    button('e1', 'Download report', [900, 100, 80, 30]),
    { i: 'e2', r: 'chk', n: 'Gift wrapping (£2)' },
    { i: 'e3', r: 'swt', n: 'Weekly digest' },
    button('e4', 'Share', [900, 140, 80, 30]),
  ];
  const skeletonDom =
    '<h2>Reports</h2><button data-llm-id="e1">Download report</button><button data-llm-id="e4">Share</button>' +
    '<label><input type="checkbox" data-llm-id="e2">Gift wrapping (£2)</label><label><input role="switch" data-llm-id="e3">Weekly digest</label>';
  const run = async (query: string) =>
    actionOf(await plan({ query, domMode: 'skeleton', skeletonDom, interactiveTree: tree }));
  expect(await run('download the report')).toBe('click(e1)');
  // No control is named for the verb: still refused.
  expect(await run('upload the report')).toMatch(/^fail\("\\"upload\\" is not an action/);
  expect(await run('add gift wrapping')).toBe('click(e2)');
  expect(await run('subscribe to the weekly digest')).toBe('click(e3)');
  // Asking for what a button does is not a change a button makes.
  expect(await run('subscribe to share')).toMatch(/^fail\("\\"subscribe\\" is not an action/);
});

test('words that say what kind of thing are no reason to refuse: a counted noun, the list, settings, a date', async () => {
  const tree: SemanticNode[] = [
    { i: 'e1', r: 'lnk', n: 'Privacy' },
    { i: 'e2', r: 'txt', n: 'Arrival' },
    button('e3', 'Renew', [900, 100, 80, 30]),
    button('e4', 'Renew', [900, 140, 80, 30]),
  ];
  const skeletonDom =
    '<nav><a data-llm-id="e1">Privacy</a></nav><label>Arrival<input data-llm-id="e2"></label><ul>' +
    '<li><h3>Dune</h3><p>Due Friday</p><button data-llm-id="e3">Renew</button></li>' +
    '<li><h3>Emma</h3><p>Due Monday</p><button data-llm-id="e4">Renew</button></li></ul>';
  const run = async (query: string) =>
    actionOf(await plan({ query, domMode: 'skeleton', skeletonDom, interactiveTree: tree }));
  expect(await run('open the privacy settings')).toBe('click(e1)');
  expect(await run('change my arrival date to 14/06/2025')).toBe('type(e2, "14/06/2025")');
  expect(await run('renew the second book')).toBe('click(e4)');
  expect(await run('renew the last one in the list')).toBe('click(e4)');
  // A word that names something, held by nothing: still refused.
  expect(await run('open the cookie settings')).toMatch(/^fail\("Nothing on the page matches/);
});

test('a value chosen in a dropdown is spelt as the skeleton lists its option', async () => {
  const tree: SemanticNode[] = [{ i: 'e1', r: 'cmb', n: 'Sort by' }];
  const skeletonDom =
    '<label>Sort by</label><select data-llm-id="e1"><option>Most popular</option><option>Newest</option></select>';
  // The options are only in the skeleton: it is asked for before choosing.
  expect(negotiationOf(await plan({ query: 'sort by newest', interactiveTree: tree }))).toMatchObject({
    needsSkeletonDom: true,
  });
  const run = async (query: string) =>
    actionOf(await plan({ query, domMode: 'skeleton', skeletonDom, interactiveTree: tree }));
  expect(await run('sort by newest')).toBe('select(e1, "Newest")');
  expect(await run('sort by most   POPULAR')).toBe('select(e1, "Most popular")');
  // How an order is said ("… first", "… ones") need not be in its option.
  expect(await run('sort newest first')).toBe('select(e1, "Newest")');
  expect(await run('put the newest ones on top')).toBe('select(e1, "Newest")');
  // No option spelt that way: refused, naming the options; a number is the option holding it with fewest more words.
  expect(await run('sort by oldest')).toBe(
    'fail("combobox \\"Sort by\\" (e1) has no option \\"oldest\\": its options are \\"Most popular\\", \\"Newest\\".")',
  );
  const passengers: SemanticNode[] = [{ i: 'p', r: 'cmb', n: 'Passengers' }];
  const options = '<option>1 adult</option><option>2 adults</option><option>2 adults, 2 children</option>';
  const onPassengers = { interactiveTree: passengers, skeletonDom: `<select data-llm-id="p">${options}</select>` };
  expect(
    negotiationOf(await plan({ query: 'set passengers to 2', interactiveTree: passengers })).needsSkeletonDom,
  ).toBe(true);
  expect(actionOf(await plan({ query: 'set passengers to 2', domMode: 'skeleton', ...onPassengers }))).toBe(
    'select(p, "2 adults")',
  );
});

test('a name holding every word of the query beats a shorter one holding fewer', async () => {
  const tree: SemanticNode[] = [
    button('e1', 'Frame <img src=x onerror="top.x=\'frame-button\'">', [10, 10, 80, 30]),
    button(
      'e2',
      "Add <img src=x onerror=\"top.x='button-name';new Image().src='/beacon?button-name'\">",
      [10, 60, 80, 30],
    ),
  ];
  expect(actionOf(await plan({ query: 'Click the Add img onerror button name button', interactiveTree: tree }))).toBe(
    'click(e2)',
  );
});

test('a button that would delete, cancel or pay is not clicked for a query that asks none of that', async () => {
  const run = onPage(
    [
      button('d', 'Delete draft', [10, 10, 80, 20]),
      button('p', 'Download PDF', [10, 40, 80, 20]),
      { i: 's', r: 'cmb', n: 'Status' },
    ],
    '<label>Status <select data-llm-id="s"><option>Any</option><option>Paid</option></select></label>' +
      '<p>INV-1 (draft) <button data-llm-id="d">Delete draft</button></p>' +
      '<p>INV-2 <button data-llm-id="p">Download PDF</button></p>',
  );
  expect(await run('only show me the drafts')).toMatch(/^fail\(.*would delete, which the query does not ask for/);
  expect(await run('delete the draft')).toBe('click(d)');
  expect(await run('ditch the draft')).toBe('click(d)');
  // Downloading changes nothing: the button named for the thing is what the query means.
  expect(await run('the PDF')).toBe('click(p)');
  // A clause that says what the button does asks for it.
  expect(await run('the button that deletes the draft')).toBe('click(d)');
});

test('a verb-only synonym is no synonym as a noun: "open my Trash folder" is no Delete button', async () => {
  const run = onPage(
    [button('d', 'Delete', [10, 10, 40, 20]), { i: 'i', r: 'lnk', n: 'Inbox' }],
    '<nav><a data-llm-id="i">Inbox</a></nav><p>Lunch? <button data-llm-id="d">Delete</button></p>',
  );
  expect(await run('open my Trash folder')).toMatch(/^fail\(/);
  expect(await run('scrap the lunch one')).toBe('click(d)');
});
