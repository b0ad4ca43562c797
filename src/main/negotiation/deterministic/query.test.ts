import { expect, test } from '@playwright/test';
import { parseKey } from './keys';
import { parseQuery } from './query';

test('click verbs, target words without stop words, role hints', () => {
  expect(parseQuery('Click the Save button')).toEqual({
    verb: 'click',
    words: ['save'],
    names: [],
    roles: ['btn'],
    kind: 'save',
  });
  // The kind of thing meant ends the target's own phrase, before what it belongs to.
  expect(parseQuery('set the phone of the recipient to "1"').kind).toBe('phone');
  expect(parseQuery("set the recipient's phone to 1").kind).toBe('phone');
  expect(parseQuery('select the 09:30 flight').kind).toBe('flight');
  // A clause about the target: its verb is not a word of the target.
  expect(parseQuery('click the button that says Save')).toMatchObject({
    verb: 'click',
    words: ['save'],
    roles: ['btn'],
  });
  expect(parseQuery('book the train that leaves from platform 9')).toMatchObject({
    words: ['book', 'train', 'platform', '9'],
  });
  expect(parseQuery('Please tap on the Sign-in link')).toMatchObject({
    verb: 'click',
    words: ['sign'],
    roles: ['lnk'],
  });
  expect(parseQuery('press the "Save draft" button')).toMatchObject({
    verb: 'click',
    names: ['Save draft'],
    roles: ['btn'],
  });
  expect(parseQuery('hit Submit')).toMatchObject({ verb: 'click', words: ['submit'] });
  expect(parseQuery('press "Save"')).toMatchObject({ verb: 'click', names: ['Save'] });
  // Words that are also Object.prototype keys are plain words.
  expect(parseQuery('click the constructor toString text box')).toEqual({
    verb: 'click',
    words: ['constructor', 'tostring'],
    kind: 'tostring',
    names: [],
    roles: ['txt', 'srch', 'spn', 'cmb'],
  });
});

test('a role word before the role word that ends the phrase is a name: "the 5th Select button"', () => {
  const q = parseQuery('hit the 5th Select button');
  expect(q.roles).toEqual(['btn']);
  expect(q.words).toEqual(['select']);
  expect(q.ordinal?.n).toBe(5);
});

test('an unknown leading verb is kept as a word of the name', () => {
  expect(parseQuery('Add the Pro plan to cart')).toMatchObject({
    verb: 'click',
    words: ['add', 'pro', 'plan', 'cart'],
  });
  expect(parseQuery('Buy now')).toMatchObject({ verb: 'click', words: ['buy'] });
  expect(parseQuery('open menu')).toMatchObject({ verb: 'click', words: ['open', 'menu'] });
  expect(parseQuery('go to settings')).toMatchObject({ verb: 'click', words: ['settings'] });
});

test('type, fill and search take the first quoted value as the text', () => {
  expect(parseQuery('Type "hello world" into the search box')).toEqual({
    verb: 'type',
    words: ['search'],
    names: [],
    roles: ['srch', 'txt'],
    value: 'hello world',
  });
  expect(parseQuery('Fill in the email field with “a@b.co”')).toMatchObject({
    verb: 'type',
    words: ['email'],
    value: 'a@b.co',
  });
  expect(parseQuery('Enter \'Bob\' in "First name"')).toMatchObject({
    verb: 'type',
    value: 'Bob',
    names: ['First name'],
  });
  expect(parseQuery('search for "shoes"')).toMatchObject({ verb: 'type', words: ['search'], value: 'shoes' });
  expect(parseQuery('type into the email field').value).toBeUndefined();
});

test('select, check and uncheck', () => {
  expect(parseQuery('Select "Large" from the size dropdown')).toMatchObject({
    verb: 'select',
    value: 'Large',
    words: ['size'],
    roles: ['cmb', 'lst'],
  });
  expect(parseQuery('Choose the Billing tab')).toMatchObject({ verb: 'select', words: ['billing'], roles: ['tab'] });
  expect(parseQuery('tick that box')).toMatchObject({ verb: 'check', roles: ['chk', 'menuitemcheckbox'] });
  expect(parseQuery('Tick the terms box')).toMatchObject({
    verb: 'check',
    words: ['terms'],
    roles: ['chk', 'menuitemcheckbox'],
  });
  expect(parseQuery('uncheck "Remember me"')).toMatchObject({ verb: 'check', uncheck: true, names: ['Remember me'] });
});

test('scroll, press, navigate and wait', () => {
  expect(parseQuery('Scroll down')).toMatchObject({ verb: 'scroll', direction: 'down', words: [] });
  expect(parseQuery('scroll up in the results list')).toMatchObject({
    verb: 'scroll',
    direction: 'up',
    words: ['results', 'list'],
  });
  expect(parseQuery('scroll to the bottom of the page')).toMatchObject({
    verb: 'scroll',
    direction: 'down',
    words: [],
  });
  expect(parseQuery('Press Enter')).toMatchObject({ verb: 'press', key: 'Enter' });
  expect(parseQuery('press the escape key').key).toBe('Escape');
  expect(parseQuery('hit ctrl + a').key).toBe('Control+a');
  expect(parseQuery('Press Control+Shift+T').key).toBe('Control+Shift+T');
  expect(parseQuery('press the down arrow').key).toBe('ArrowDown');
  expect(parseQuery('Press "Tab"').key).toBe('Tab');
  expect(parseQuery('Go to example.com/docs')).toMatchObject({ verb: 'navigate', url: 'example.com/docs' });
  expect(parseQuery('navigate to https://a.test/x?y=1.')).toMatchObject({
    verb: 'navigate',
    url: 'https://a.test/x?y=1',
  });
  expect(parseQuery('open "/settings"')).toMatchObject({ verb: 'navigate', url: '/settings' });
  expect(parseQuery('Wait 2 seconds').waitMs).toBe(2000);
  expect(parseQuery('wait 500ms').waitMs).toBe(500);
  expect(parseQuery('wait for 1.5 s').waitMs).toBe(1500);
  expect(parseQuery('wait a minute').waitMs).toBe(60_000);
});

test('keys: modifiers first, unknown words are not keys', () => {
  expect(parseKey('cmd+k')).toBe('Meta+k');
  expect(parseKey('page down')).toBe('PageDown');
  expect(parseKey('F5')).toBe('F5');
  expect(parseKey('a+ctrl')).toBeUndefined();
  expect(parseKey('the Save button')).toBeUndefined();
});

test('visual references: colours, icons, positions, ordinals over cards', () => {
  expect(parseQuery('Click the blue button')).toEqual({
    verb: 'click',
    words: [],
    names: [],
    roles: ['btn'],
    colour: 'blue',
  });
  expect(parseQuery('click the grey link').colour).toBe('gray');
  expect(parseQuery('Click the gear icon in the top-right corner')).toMatchObject({
    icon: 'gear',
    position: 'top-right',
    words: [],
  });
  expect(parseQuery('click the cog at the top right')).toMatchObject({ icon: 'gear', position: 'top-right' });
  expect(parseQuery('click the magnifying glass')).toMatchObject({ icon: 'magnifier', words: [] });
  expect(parseQuery('click the X')).toMatchObject({ icon: 'close' });
  expect(parseQuery('click the close icon')).toMatchObject({ icon: 'close', words: [] });
  expect(parseQuery('click the settings icon')).toMatchObject({ icon: 'icon', words: ['settings'] });
  expect(parseQuery('click the link at the bottom left').position).toBe('bottom-left');
  expect(parseQuery('click the button in the centre').position).toBe('center');
  expect(parseQuery('Click the second card')).toMatchObject({
    ordinal: { n: 2, word: 'second', noun: 'card' },
    words: [],
  });
  expect(parseQuery('Click the 3rd Add to cart button')).toMatchObject({
    ordinal: { n: 3, word: '3rd' },
    words: ['add', 'cart'],
  });
  expect(parseQuery('click the last link').ordinal).toEqual({ n: -1, word: 'last' });
});

test('verification: subject, predicate, expected value, raw attributes', () => {
  expect(parseQuery('Verify the "Docs" link points to "/docs"')).toEqual({
    verb: 'verify',
    words: [],
    names: ['Docs'],
    roles: ['lnk'],
    verification: { attribute: 'href', expected: '/docs', negated: false, visible: false },
  });
  expect(parseQuery('check the href of the Docs link')).toMatchObject({
    verb: 'verify',
    words: ['docs'],
    verification: { attribute: 'href' },
  });
  expect(parseQuery('Verify the logo image has alt text "Acme"').verification).toMatchObject({
    attribute: 'alt',
    expected: 'Acme',
  });
  expect(parseQuery('Verify the email field\'s placeholder is "you@example.com"')).toMatchObject({
    words: ['email'],
    verification: { attribute: 'placeholder', expected: 'you@example.com' },
  });
  expect(parseQuery('ensure the menu button has the aria-expanded attribute').verification?.attribute).toBe(
    'aria-expanded',
  );
  expect(parseQuery('Verify the Docs link points to /docs').verification).toMatchObject({
    attribute: 'href',
    expected: '/docs',
  });
  expect(parseQuery('Verify the Save button is shown')).toEqual({
    verb: 'verify',
    words: ['save'],
    kind: 'save',
    names: [],
    roles: ['btn'],
    verification: { negated: false, visible: true },
  });
  expect(parseQuery('make sure the error message is not displayed').verification).toEqual({
    negated: true,
    visible: true,
  });
  expect(parseQuery('Check that the heading says Welcome back').verification).toMatchObject({
    expected: 'Welcome back',
  });
  expect(parseQuery('confirm the Save button is enabled').verification).toEqual({ negated: false, visible: false });
});

test('anchors, set, a key with its purpose, possessives', () => {
  expect(parseQuery('click the Add to cart button under Pro plan')).toMatchObject({
    words: ['add', 'cart'],
    roles: ['btn'],
    anchor: { words: ['pro', 'plan'] },
  });
  expect(parseQuery('click Save for later next to Blue trail shoes')).toMatchObject({
    words: ['save', 'later'],
    anchor: { words: ['blue', 'trail', 'shoes'] },
  });
  // A name that starts with an anchor word is a name.
  expect(parseQuery('click About us')).toMatchObject({ words: ['about', 'us'] });
  expect(parseQuery('click About us').anchor).toBeUndefined();
  expect(parseQuery('set "3" in Quantity')).toMatchObject({ verb: 'set', value: '3', words: ['quantity'] });
  expect(parseQuery('press enter to submit')).toMatchObject({ verb: 'press', key: 'Enter' });
  expect(parseQuery('press the Delete button').verb).toBe('click');
  expect(parseQuery("Refund Bruno Silva's order").words).toEqual(['refund', 'bruno', 'silva', 'order']);
});

test('ordinals that count from the end, and a count within a count', () => {
  expect(parseQuery('Click the second to last Details link').ordinal).toEqual({ n: -2, word: 'second to last' });
  expect(parseQuery('click the second-to-last Details link')).toMatchObject({
    ordinal: { n: -2, word: 'second to last' },
    words: ['details'],
  });
  expect(parseQuery('click the third from the end Book button').ordinal).toMatchObject({ n: -3 });
  expect(parseQuery('click the last but one row').ordinal).toEqual({ n: -2, word: 'last but one', noun: 'row' });
  expect(parseQuery('open the penultimate result').ordinal).toMatchObject({ n: -2, noun: 'result' });
  expect(parseQuery('click the next to last Details link')).toMatchObject({ ordinal: { n: -2 }, words: ['details'] });
  // "from the bottom" after the target flips the count; "from the top" only confirms it, and neither is a position.
  const bottom = parseQuery('click the second Book button from the bottom');
  expect(bottom).toMatchObject({ ordinal: { n: -2 }, words: ['book'] });
  expect(bottom.position).toBeUndefined();
  expect(parseQuery('click the second Book button from the top')).toMatchObject({
    ordinal: { n: 2, word: 'second' },
    words: ['book'],
  });
  expect(parseQuery('click the first-class ticket').ordinal).toBeUndefined();
  expect(parseQuery('click the second link to the docs').ordinal).toEqual({ n: 2, word: 'second' });
  expect(parseQuery('click the first Book button in the second row')).toMatchObject({ nestedCount: true });
  expect(parseQuery('click the first Book button').nestedCount).toBeUndefined();
  // The word that ends the phrase after an ordinal is what is counted.
  expect(parseQuery('view the second order').ordinal).toEqual({ n: 2, word: 'second', head: 'order' });
});

test('a focusing adverb ("only", "even") narrows the step and names nothing', () => {
  expect(parseQuery('show only mentions')).toMatchObject({ words: ['show', 'mentions'] });
  expect(parseQuery('click only the Save button')).toMatchObject({ verb: 'click', words: ['save'] });
});
