// Owners and kinds: words that name the group a target sits in, values named by a dropdown's option, counts of rows.
import { expect, test } from '@playwright/test';
import type { SemanticNode } from '../../../shared/negotiation';
import { placeWords } from './groups';
import { actionOf, negotiationOf, plan, onPage, answerOf, screenshot } from './planner-fixtures';
import { targetSlots } from './scoring';
import { rephrase } from './phrasing';
import { parseQuery } from './query';

const field = (i: string, n: string, r = 'txt'): SemanticNode => ({ i, r, n });

// Two fieldsets with the same fields; the billing one writes "delivery" in a checkbox's label, not in its title.
const addressTree = [
  field('e1', 'Full name'),
  field('e2', 'Street'),
  field('e3', 'Country', 'cmb'),
  field('e4', 'Same as delivery', 'chk'),
  field('e5', 'Full name'),
  field('e6', 'Street'),
  field('e7', 'Country', 'cmb'),
];
const countries = '<option>Germany</option><option>France</option>';
const addressSkeleton =
  '<h1>Where should we send it?</h1><form>' +
  '<fieldset><legend>Delivery address</legend><p><label>Full name</label><input data-llm-id="e1"></p>' +
  '<p><label>Street</label><input data-llm-id="e2"></p>' +
  `<p><label>Country</label><select data-llm-id="e3">${countries}</select></p></fieldset>` +
  '<fieldset><legend>Billing address</legend><p><label><input type="checkbox" data-llm-id="e4">Same as delivery</label></p>' +
  '<p><label>Full name</label><input data-llm-id="e5"></p><p><label>Street</label><input data-llm-id="e6"></p>' +
  `<p><label>Country</label><select data-llm-id="e7">${countries}</select></p></fieldset></form>`;
const onAddresses = (query: string) =>
  plan({ query, domMode: 'skeleton', skeletonDom: addressSkeleton, interactiveTree: addressTree });

test('a word names the group its title is in: a legend, a heading, a card link — not a control label elsewhere', () => {
  const slots = (query: string) => targetSlots(parseQuery(query));
  const delivery = slots('click delivery');
  expect(placeWords(addressSkeleton, 'e2', delivery).near.map(slot => slot.label)).toEqual(['delivery']);
  // The billing fieldset's "Same as delivery" names its checkbox only; the first text holding the word is reported.
  expect(placeWords(addressSkeleton, 'e6', delivery).elsewhere.map(({ text }) => text)).toEqual(['Delivery address']);
  expect(placeWords(addressSkeleton, 'e6', slots('click parcel')).unwritten.map(slot => slot.label)).toEqual([
    'parcel',
  ]);
  // A heading heads what follows it, up to the next heading of its level; a card's link names its card.
  const cards =
    '<h1>Your cart</h1><div><h2>Oak desk</h2><button data-llm-id="b1">Remove</button></div>' +
    '<div><h3><a data-llm-id="l2">Pine shelf</a></h3><button data-llm-id="b2">Remove</button></div>';
  expect(placeWords(cards, 'b2', slots('click cart pine oak')).near.map(slot => slot.label)).toEqual([
    'cart',
    'pine',
    'oak',
  ]);
  expect(placeWords(cards.replace('<h3>', '<h2>').replace('</h3>', '</h2>'), 'b2', slots('click oak')).near).toEqual(
    [],
  );
});

test('"the delivery street" is the Street field under the Delivery legend; a word written only elsewhere is refused', async () => {
  expect(actionOf(await onAddresses('type Hauptstrasse 5 into the delivery street'))).toBe(
    'type(e2, "Hauptstrasse 5")',
  );
  expect(actionOf(await onAddresses('set the billing country to France'))).toBe('select(e7, "France")');
  // No phone field in the billing fieldset: the one Street field nearest a name is not a guess to make.
  expect(actionOf(await onAddresses('type 12 into the billing phone'))).toMatch(/^fail\(/);
  // "name" is the field's; "billing" is written only around the other fieldset, which has no name field.
  const tree = [...addressTree.slice(0, 3), field('e9', 'VAT number')];
  const skeletonDom = addressSkeleton.replace(
    /<fieldset><legend>Billing[\s\S]*<\/fieldset>/,
    '<fieldset><legend>Billing address</legend><label>VAT number</label><input data-llm-id="e9"></fieldset>',
  );
  expect(
    actionOf(
      await plan({ query: 'set the billing name to Ana', domMode: 'skeleton', skeletonDom, interactiveTree: tree }),
    ),
  ).toMatch(/writes \\"billing\\" only in \\"Billing address\\", in a part of the page it is not in/);
});

test('a value named by a dropdown option: the dropdown is told by its name or by the row around it', async () => {
  const roles = '<option>Viewer</option><option>Editor</option><option>Admin</option>';
  const row = (name: string, id: string) =>
    `<tr><th>${name}</th><td><select aria-label="Role" data-llm-id="${id}">${roles}</select></td></tr>`;
  const skeletonDom = `<h1>Team</h1><table>${row('Ana Silva', 'r1')}${row('Tom Berg', 'r2')}</table><label>Status</label><select data-llm-id="s1"><option>All</option><option>Overdue</option></select>`;
  const interactiveTree = [field('r1', 'Role', 'cmb'), field('r2', 'Role', 'cmb'), field('s1', 'Status', 'cmb')];
  const run = onPage(interactiveTree, skeletonDom);
  expect(negotiationOf(await plan({ query: 'make Tom an admin', interactiveTree })).needsSkeletonDom).toBe(true);
  expect(await run('make Tom an admin')).toBe('select(r2, "Admin")');
  expect(await run('filter to overdue')).toBe('select(s1, "Overdue")');
  // Either row's Role has Editor: which one is not said.
  expect(await run('make someone an editor')).toMatch(/^fail\(/);
  expect(await run('make an editor')).toMatch(/^fail\("Cannot tell which choice is meant/);
  // A verb that does not choose does not pick the option its words happen to name.
  expect(await run('remove Tom as admin')).toMatch(/^fail\(/);
});

test('"open the third invoice" counts the rows of invoices and opens the row\'s one link', async () => {
  const row = (n: number) =>
    `<tr><th>INV-${n}</th><td>Client ${n}</td><td><a data-llm-id="v${n}">View</a><button data-llm-id="d${n}">Download</button></td></tr>`;
  const skeletonDom = `<nav><a data-llm-id="nav">Invoices</a></nav><table>${[1, 2, 3, 4].map(row).join('')}</table>`;
  const interactiveTree = [
    field('nav', 'Invoices', 'lnk'),
    ...[1, 2, 3, 4].flatMap(n => [field(`v${n}`, 'View', 'lnk'), field(`d${n}`, 'Download', 'btn')]),
  ];
  expect(negotiationOf(await plan({ query: 'open the third invoice', interactiveTree })).needsSkeletonDom).toBe(true);
  const run = onPage(interactiveTree, skeletonDom);
  expect(await run('open the third invoice')).toBe('click(v3)');
  expect(await run('open the last invoice')).toBe('click(v4)');
  expect(await run('open the fifth invoice')).toMatch(/^fail\(/);
  // "choose" needs a Select, Book or Reserve button in the row: a row of View and Download has none.
  expect(await run('choose the second invoice')).toMatch(/^fail\(/);
  // A word beyond the row's kind is not dropped to count rows; only a checkbox is ticked.
  expect(await run('open the third overdue invoice')).toMatch(/^fail\(/);
  expect(await run('tick the invoices link')).toMatch(/^fail\("No checkbox matches/);
});

test('the dropdowns that list a value say which is meant: "half board for the third room", "2 rooms", "2 adults"', async () => {
  const board = '<option>Room only</option><option>Half board</option>';
  const count = '<option>1</option><option>2</option><option>3</option>';
  const card = (n: number, open: boolean) =>
    open
      ? `<article><h2>Room ${n}</h2><p>Sea view</p><label>Board</label><select data-llm-id="b${n}">${board}</select>` +
        `<label>Rooms</label><select data-llm-id="n${n}">${count}</select><button data-llm-id="r${n}">Reserve</button></article>`
      : `<article><h2>Room ${n}</h2><p>Sold out</p><button data-llm-id="w${n}">Join waitlist</button></article>`;
  const skeletonDom =
    `<form><label>Adults</label><select data-llm-id="a">${count}</select><label>Children</label><select data-llm-id="c">${count}</select></form>` +
    [1, 2, 3, 4].map(n => card(n, n !== 2)).join('');
  const interactiveTree = [
    field('a', 'Adults', 'cmb'),
    field('c', 'Children', 'cmb'),
    ...[1, 3, 4].flatMap(n => [
      field(`b${n}`, 'Board', 'cmb'),
      field(`n${n}`, 'Rooms', 'cmb'),
      field(`r${n}`, 'Reserve', 'btn'),
    ]),
    field('w2', 'Join waitlist', 'btn'),
  ];
  const run = onPage(interactiveTree, skeletonDom);
  // The third Rooms dropdown has no "Half board": the third room's Board dropdown has (the second room is sold out).
  expect(await run('choose half board for the third room')).toBe('select(b3, "Half board")');
  expect(await run('choose 2 rooms for the third one')).toBe('select(n3, "2")');
  expect(await run('3 rooms for the first room')).toBe('select(n1, "3")');
  // The dropdown whose name holds the other word beats the one beside it.
  expect(await run('select 2 adults')).toBe('select(a, "2")');
  // "pick the last room": the Rooms dropdowns count rooms, they are no room; the last room card's Reserve chooses it.
  expect(await run('pick the last room')).toBe('click(r4)');
  // Chosen by count alone, a dropdown without the value is not acted on.
  expect(await run('choose "Full board" in the third one')).toMatch(/does not offer \\"Full board\\"/);
  // Without the skeleton, a dropdown picked by count alone waits for the options.
  expect(
    negotiationOf(await plan({ query: 'choose 2 rooms for the third one', interactiveTree })).needsSkeletonDom,
  ).toBe(true);
});

test('a card opened by its title, the one Apply button for the field beside it, a link over buttons named alike', async () => {
  const card = (title: string, n: number) =>
    `<li><article><h2>${title}</h2><p>In stock</p><button data-llm-id="m${n}">Move to wishlist</button><a data-llm-id="d${n}">Details</a></article></li>`;
  const skeletonDom =
    '<header><a data-llm-id="home">Hearth &amp; Trail</a><a data-llm-id="w">Wishlist (2)</a></header><h1>Your cart</h1>' +
    `<ul>${card('Oak desk', 1)}${card('Trail runner', 2)}</ul>` +
    '<p><label>Promo code</label><input data-llm-id="code"><button data-llm-id="apply">Apply</button></p>' +
    '<button data-llm-id="out">Checkout</button>';
  const interactiveTree = [
    field('home', 'Hearth & Trail', 'lnk'),
    field('w', 'Wishlist (2)', 'lnk'),
    ...[1, 2].flatMap(n => [field(`m${n}`, 'Move to wishlist', 'btn'), field(`d${n}`, 'Details', 'lnk')]),
    field('code', 'Promo code'),
    field('apply', 'Apply', 'btn'),
    field('out', 'Checkout', 'btn'),
  ];
  const run = onPage(interactiveTree, skeletonDom);
  expect(await run('view the oak desk')).toBe('click(d1)');
  expect(await run('apply the promo code')).toBe('click(apply)');
  expect(await run('open my wishlist')).toBe('click(w)');
  expect(await run('check out')).toBe('click(out)');
  // "runner" is written only in a card the header link is not in: not a guess on "Trail".
  expect(await run('open the trail runner thing on hearth')).toMatch(/^fail\(/);
});

test("a message's author titles it; an element named only by what the target belongs to is not the target", async () => {
  const message = (n: number, author: string, text: string) =>
    `<li><p><strong>${author}</strong> ${text}</p><button data-llm-id="s${n}">Star</button></li>`;
  const skeletonDom =
    `<nav><a data-llm-id="t1">All</a><a data-llm-id="t2">Mentions</a></nav><ol>${message(1, 'Marcus Webb', 'New hero is up')}` +
    `${message(2, 'Dana Park', 'The palette feels cold')}${message(3, 'Ines Moreau', 'Agreed with Dana')}</ol>`;
  const interactiveTree = [
    field('t1', 'All', 'tab'),
    field('t2', 'Mentions', 'tab'),
    ...[1, 2, 3].map(n => field(`s${n}`, 'Star', 'btn')),
  ];
  const run = onPage(interactiveTree, skeletonDom);
  // Ines's text mentions Dana; Dana's name leads her own message.
  expect(await run("star Dana's message")).toBe('click(s2)');
  // A tab is never turned off; nor does the Mentions tab hold "email".
  expect(await run('turn off email for mentions')).toMatch(
    /^fail\(".*(?:matches only what the query says the target belongs to|"turn\\" is not an action the planner can take by clicking tab)/,
  );
  expect(await run('show the mentions')).toBe('click(t2)');
});

test('"text me security alerts", "notify me about mentions only", "fly from Porto": how to be told, what about, a trip\'s ends', async () => {
  const skeletonDom =
    '<section><h2>Text messages</h2><label><input role="switch" data-llm-id="sms">Security alerts</label></section>' +
    '<section><h2>Email</h2><label><input role="switch" data-llm-id="mail">Security alerts</label></section>' +
    '<label>Notify me about</label><select data-llm-id="n"><option>All messages</option><option>Mentions only</option></select>' +
    '<label>From</label><input data-llm-id="from"><label>To</label><input data-llm-id="to">';
  const interactiveTree = [
    field('sms', 'Security alerts', 'swt'),
    field('mail', 'Security alerts', 'swt'),
    field('n', 'Notify me about', 'cmb'),
    field('from', 'From'),
    field('to', 'To'),
  ];
  const run = onPage(interactiveTree, skeletonDom);
  expect(await run('text me security alerts')).toBe('click(sms)');
  expect(await run('email me security alerts')).toBe('click(mail)');
  expect(await run('notify me about mentions only')).toBe('select(n, "Mentions only")');
  expect(await run('open the notify dropdown')).toBe('click(n)');
  expect(await run('fly from Porto instead')).toBe('type(from, "Porto")');
  expect(await run('fly to Berlin')).toBe('type(to, "Berlin")');
});

test('"the cheapest train", "the earliest one": the extreme price or time in the rows of the matches that fit', async () => {
  const row = (n: number, departs: string, to: string, platform: number, price: string) =>
    `<tr><th>${departs}</th><td>${to}</td><td>${platform}</td><td>${price}</td><td><button data-llm-id="b${n}">Book</button></td></tr>`;
  const skeletonDom = `<h1>Trains from Paris</h1><table>${row(1, '7:12', 'Lyon', 11, '€39')}${row(2, '8:07', 'Marseille', 14, '€69')}${row(3, '9:40', 'Lyon', 9, '€45')}${row(4, '16:30', 'Nice', 10, '€39')}</table>`;
  const interactiveTree = [1, 2, 3, 4].map(n => field(`b${n}`, 'Book', 'btn'));
  const run = onPage(interactiveTree, skeletonDom);
  // A platform number beside the price is no price.
  expect(await run('book the most expensive train')).toBe('click(b2)');
  expect(await run('book the earliest train')).toBe('click(b1)');
  expect(await run('book the latest train')).toBe('click(b4)');
  expect(await run('book the cheapest train to Marseille')).toBe('click(b2)');
  expect(await run('book the cheapest train to Lyon')).toBe('click(b1)');
  // Two rows share the lowest price: no guess.
  expect(await run('book the cheapest train')).toMatch(/^fail\("Cannot tell which is the cheapest/);
});

test('a card whose title names another item of the kind is not the one meant: "add the Team plan" by "Pro plan"', async () => {
  const tree: SemanticNode[] = [
    { i: 'e1', r: 'btn', n: 'Add to cart' },
    { i: 'e2', r: 'btn', n: 'Add to cart' },
  ];
  const skeletonDom =
    '<div class="card"><h3>Basic plan</h3><p>For individuals</p><button data-llm-id="e1">Add to cart</button></div>' +
    '<div class="card"><h3>Pro plan</h3><p>For teams, $15/month</p><button data-llm-id="e2">Add to cart</button></div>';
  const onPlans = (query: string) => plan({ query, domMode: 'skeleton', skeletonDom, interactiveTree: tree });
  expect(actionOf(await onPlans('add the Pro plan'))).toBe('click(e2)');
  expect(actionOf(await onPlans('add the Team plan'))).toMatch(
    /^fail\(.*in \\"Pro plan\\", which is a plan but not \\"team\\"/,
  );
});

test('an unwritten word that only describes the item is no refusal when the written ones tell it from its twins', async () => {
  const tree: SemanticNode[] = [
    { i: 'e1', r: 'btn', n: 'Archive' },
    { i: 'e2', r: 'btn', n: 'Archive' },
    { i: 'e3', r: 'btn', n: 'Archive' },
  ];
  const skeletonDom =
    '<h1>Your activity</h1><ul>' +
    '<li><p>Dana commented on Spring garden plans</p><button data-llm-id="e1">Archive</button></li>' +
    '<li><p>Storage is 90% full</p><button data-llm-id="e2">Archive</button></li>' +
    '<li><p>Leo sent you a message</p><button data-llm-id="e3">Archive</button></li></ul>';
  const onActivity = (query: string) => plan({ query, domMode: 'skeleton', skeletonDom, interactiveTree: tree });
  // "warning" is written nowhere; "storage" is written around the second Archive alone.
  expect(actionOf(await onActivity('archive the storage warning'))).toBe('click(e2)');
  // What would tell the item is unwritten: a guess — never an Archive clicked.
  const never = async (query: string) => {
    const answer = await onActivity(query);
    expect(answerOf(answer)).not.toMatch(/^click/);
  };
  await never('archive the billing warning');
  // "activity" is written around every Archive: it tells none of them, and "invite" is what would.
  await never('archive the invite from my activity');
  // What it becomes ("as a PDF") is no kind of item: unwritten, it is refused.
  expect(actionOf(await onActivity('archive the storage item as a PDF'))).toMatch(/^fail\(.*\\"pdf\\"/);
});

test('"my" picks the part the page addresses to the user; a verb of sending picks the part it ships to', async () => {
  // addressSkeleton's fieldsets: Delivery address, then Billing address.
  expect(actionOf(await onAddresses('ship it to France'))).toBe('select(e3, "France")');
  expect(actionOf(await onAddresses('bill to France'))).toBe('select(e7, "France")');
  const tree = [field('e1', 'Email'), field('e2', 'Email')];
  const skeletonDom =
    '<fieldset><legend>Your details</legend><label>Email</label><input data-llm-id="e1"></fieldset>' +
    '<fieldset><legend>Gift recipient</legend><label>Email</label><input data-llm-id="e2"></fieldset>';
  const onGift = (query: string) => plan({ query, domMode: 'skeleton', skeletonDom, interactiveTree: tree });
  expect(actionOf(await onGift('my email is sam@fern.test'))).toBe('type(e1, "sam@fern.test")');
  expect(actionOf(await onGift("the recipient's email is jo@fern.test"))).toBe('type(e2, "jo@fern.test")');
});

test('a first word that titles where the element is names the place, not a verb: "billing country france"', async () => {
  // addressSkeleton: Delivery address, then Billing address, each with a Country dropdown (Germany, France).
  expect(actionOf(await onAddresses('billing country france'))).toBe('select(e7, "France")');
  expect(actionOf(await onAddresses('delivery street is 12 Rue de Rivoli'))).toBe('type(e2, "12 Rue de Rivoli")');
  // An option the dropdown does not list is absent, never the dropdown clicked.
  expect(actionOf(await onAddresses('billing country spain'))).toMatch(/^fail\(.*\\"spain\\"/);
});

test('a dropdown is clicked only to open it; words that choose in it choose, or are refused', async () => {
  const board = '<option>Light</option><option>Classic</option><option>Plus</option>';
  const row = (n: number, code: string) =>
    `<tr><td>${code}</td><td><label>Fare</label><select data-llm-id="f${n}">${board}</select></td><td><button data-llm-id="s${n}">Select</button></td></tr>`;
  const skeletonDom = `<table>${row(1, 'TP 538')}${row(2, 'TP 542')}</table>`;
  const interactiveTree = [1, 2].flatMap(n => [field(`f${n}`, 'Fare', 'cmb'), field(`s${n}`, 'Select', 'btn')]);
  const run = onPage(interactiveTree, skeletonDom);
  // "Plus" before a noun of its own is the option's name, not a plus icon.
  expect(await run('Plus fare on TP 542')).toBe('select(f2, "Plus")');
  expect(await run('open the Fare dropdown on TP 542')).toBe('click(f2)');
  expect(await run('the fare on TP 542')).toMatch(/^fail\(.*(?:clicking it only opens it|name the option to choose)/);
  // Counts in words: "one room" is 1 room; "one way" stays a name.
  expect(rephrase('standard double one room').text).toBe('standard double 1 room');
  expect(rephrase("it's one way only").text).toBe("it's one way only");
});

test('a gesture is refused even beside a control named for it', async () => {
  const interactiveTree = [field('d', 'Drag to reorder', 'btn'), field('w', 'Download', 'btn')];
  const run = onPage(interactiveTree);
  expect(await run('drag the brief above the checklist')).toMatch(/^fail\(.*"drag\\" is not an action/);
  expect(await run('download it')).toBe('click(w)');
});

test('a code identifies the item and the noun before it says its kind: "select flight TP 542"; "book" a Select', async () => {
  const row = (n: number, code: string, time: string) =>
    `<tr><td><strong>${code}</strong></td><td>${time}</td><td><button data-llm-id="s${n}">Select</button></td></tr>`;
  const skeletonDom = `<table>${row(1, 'TP 538', '06:05')}${row(2, 'TP 542', '13:50')}</table>`;
  const interactiveTree = [field('s1', 'Select', 'btn'), field('s2', 'Select', 'btn')];
  const run = onPage(interactiveTree, skeletonDom);
  expect(await run('select flight TP 542')).toBe('click(s2)');
  expect(await run('book the 06:05')).toBe('click(s1)');
  expect(await run('get the oak desk for TP 542')).toMatch(/^fail\(/);
});

test('a button whose whole name is a state is put in it by a verb of state: "make it bold"', async () => {
  const interactiveTree = [field('b', 'Bold', 'btn'), field('i', 'Italic', 'btn'), field('d', 'Delete', 'btn')];
  const run = onPage(interactiveTree);
  expect(await run('make it bold')).toBe('click(b)');
  expect(await run('turn on italic')).toBe('click(i)');
});

test('acquiring one of the offers chooses it with the page’s Book; pinning and exporting said other ways', async () => {
  const row = (n: number, town: string, time: string) =>
    `<tr><td>${time}</td><td>${town}</td><td><button data-llm-id="b${n}">Book</button></td></tr>`;
  const skeletonDom =
    '<button data-llm-id="s">Search trains</button>' +
    `<table><tr><th>Departs</th><th>Train</th><th></th></tr>${row(1, 'Lyon Part-Dieu', '7:12')}${row(2, 'Montpellier Saint-Roch', '13:55')}</table>` +
    '<button data-llm-id="e">Export member list</button><ul><li>Lunch on Thursday? <button data-llm-id="p">Pin</button></li></ul>';
  const interactiveTree = [
    field('s', 'Search trains', 'btn'),
    field('b1', 'Book', 'btn'),
    field('b2', 'Book', 'btn'),
    field('e', 'Export member list', 'btn'),
    field('p', 'Pin', 'btn'),
  ];
  const run = onPage(interactiveTree, skeletonDom);
  expect(await run('buy tickets for the Montpellier train')).toBe('click(b2)');
  expect(await run('get me on the 13:55')).toBe('click(b2)');
  expect(await run('get a copy of the member list')).toBe('click(e)');
  expect(await run('keep the lunch email on top')).toBe('click(p)');
});

test('a colour a dropdown lists is its option, and verbs of changing how a thing is choose it: "paint it blue"', async () => {
  const colours = '<option>Black</option><option>Blue</option><option>Orange</option>';
  const sizes = '<option>42</option><option>43</option><option>44</option>';
  const skeletonDom =
    `<article><h3><a data-llm-id="d1">Trail runner</a></h3><select data-llm-id="c1">${colours}</select>` +
    `<select data-llm-id="s1">${sizes}</select></article>` +
    `<article><h3><a data-llm-id="d2">Linen shirt</a></h3><select data-llm-id="c2">${colours}</select>` +
    `<select data-llm-id="s2">${sizes}</select></article>`;
  const interactiveTree = [
    field('d1', 'Trail runner', 'lnk'),
    field('c1', 'Colour', 'cmb'),
    field('s1', 'Size', 'cmb'),
    field('d2', 'Linen shirt', 'lnk'),
    field('c2', 'Colour', 'cmb'),
    field('s2', 'Size', 'cmb'),
  ];
  // A colour word asks for the screenshot too; a blank one shows no blue element, and the options decide.
  const blank = screenshot(400, 300, 1, []);
  const run = async (query: string) =>
    answerOf(await plan({ query, interactiveTree, domMode: 'hybrid', skeletonDom, screenshot: blank }));
  expect(await run('paint the trail runner blue')).toBe('select(c1, "Blue")');
  expect(await run('swap the linen shirt to orange')).toBe('select(c2, "Orange")');
  expect(await run('resize the trail runners to 44')).toBe('select(s1, "44")');
  expect(await run('can I have the linen shirt in black')).toBe('select(c2, "Black")');
  // A colour no dropdown lists is no option: nothing is chosen.
  expect(await run('paint the trail runner purple')).not.toMatch(/^select/);
});
