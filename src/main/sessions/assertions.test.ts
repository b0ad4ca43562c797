import { expect, test } from '@playwright/test';
import {
  appearedAssertion,
  appearedText,
  isVolatileFragment,
  isVolatileParam,
  loadAppearedTexts,
  submits,
  urlAssertion,
} from './assertions';
import type { ToolCallRecord } from './format';

test('tracking, cache-busting, nonce and session parameters are volatile by name', () => {
  for (const name of [
    'utm_source',
    'UTM_Campaign',
    'gclid',
    'fbclid',
    '_',
    't',
    'ts',
    'timestamp',
    'nonce',
    'sid',
    'session',
    'sessionId',
    'token',
    'access_token',
    'csrf_token',
    'cachebuster',
  ]) {
    expect(isVolatileParam(name, 'x'), name).toBe(true);
  }
  for (const name of ['q', 'page', 'sort', 'id', 'category', 'tab', 'lang'])
    expect(isVolatileParam(name, 'shoes'), name).toBe(false);
});

test('generated values are volatile whatever the parameter is called', () => {
  for (const value of [
    '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    'a94a8fe5ccb19ba61c4c0873d391e987',
    '1732461234',
    '1732461234567',
    '1732461234.123',
    '2026-11-24T21:40:00Z',
    'AbC123xyz789QrsTUV0000',
  ]) {
    expect(isVolatileParam('ref', value), value).toBe(true);
  }
  for (const value of ['shoes', '42', '2026-11-24', 'summer-sale-2024-collection', 'deadbeef', 'en-US', '12345']) {
    expect(isVolatileParam('ref', value), value).toBe(false);
  }
});

test('a fragment is volatile when it looks generated, not when it names a place on the page', () => {
  expect(isVolatileFragment('#3f2504e0-4f89-11d3-9a0c-0305e82c3301')).toBe(true);
  expect(isVolatileFragment('#state=abc&nonce=xyz')).toBe(true);
  expect(isVolatileFragment('#reviews')).toBe(false);
  expect(isVolatileFragment('#tab=specs')).toBe(false);
});

test('a URL with nothing volatile is asserted exactly', () => {
  expect(urlAssertion('http://127.0.0.1:3000/results.html?q=shoes#reviews')).toBe(
    `await expect(page).toHaveURL('http://127.0.0.1:3000/results.html?q=shoes#reviews');`,
  );
  expect(urlAssertion('about:blank')).toBe(`await expect(page).toHaveURL('about:blank');`);
  // A masked secret is never a value to match: its parameter is left out (a path holding one leaves the origin).
  expect(urlAssertion('http://127.0.0.1:3000/dashboard?user=dana&pass=<secret>PASSWORD</secret>')).toBe(
    `await expect(page).toHaveURL(url => url.origin + url.pathname === 'http://127.0.0.1:3000/dashboard' && url.searchParams.get('user') === 'dana');`,
  );
  expect(urlAssertion('http://127.0.0.1:3000/reset/<secret>TOKEN</secret>')).toBe(
    `await expect(page).toHaveURL(url => url.origin === 'http://127.0.0.1:3000');`,
  );
});

test('a URL with volatile parts is asserted by its path, stable parameters and stable fragment', () => {
  expect(urlAssertion('http://127.0.0.1:3000/results.html?ts=1732461234567&q=red%20shoes&utm_source=mail')).toBe(
    `await expect(page).toHaveURL(url => url.origin + url.pathname === 'http://127.0.0.1:3000/results.html' && url.searchParams.get('q') === 'red shoes');`,
  );
  expect(urlAssertion('https://shop.test/cart?_=1732461234&tag=a&tag=b#top')).toBe(
    `await expect(page).toHaveURL(url => url.origin + url.pathname === 'https://shop.test/cart' && url.searchParams.getAll('tag').join() === 'a,b' && url.hash === '#top');`,
  );
  expect(urlAssertion('https://shop.test/done#3f2504e0-4f89-11d3-9a0c-0305e82c3301')).toBe(
    `await expect(page).toHaveURL(url => url.origin + url.pathname === 'https://shop.test/done');`,
  );
});

test('the predicate accepts the same page on another run and rejects another page', () => {
  const assertion = urlAssertion(
    'http://127.0.0.1:3000/results.html?q=shoes&ts=1732461234567&sid=3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  );
  const predicate = eval(assertion.match(/toHaveURL\((.*)\);$/)![1]) as (url: URL) => boolean;
  expect(predicate(new URL('http://127.0.0.1:3000/results.html?q=shoes&ts=1800000000000&sid=other'))).toBe(true);
  expect(predicate(new URL('http://127.0.0.1:3000/results.html?ts=1&q=shoes'))).toBe(true);
  expect(predicate(new URL('http://127.0.0.1:3000/results.html?q=boots&ts=1'))).toBe(false);
  expect(predicate(new URL('http://127.0.0.1:3000/other.html?q=shoes'))).toBe(false);
});

const form = (status: string) => `- heading "Newsletter" [level=1] [ref=e2]
- textbox "Email" [ref=e3]: ada@example.com
- button "Subscribe" [ref=e4] [cursor=pointer]
${status}`;

test('a status that appeared is asserted by its stable words', () => {
  expect(
    appearedText(form('- status [ref=e5]'), form('- status [ref=e5]: Subscribed ada@example.com to the newsletter')),
  ).toEqual({ role: 'status', text: 'Subscribed ada@example.com to the newsletter' });
  // Digits are times, counters, ids: the words before them are checked, whole words only.
  expect(
    appearedText(
      form('- status [ref=e5]'),
      form('- status [ref=e5]: Thanks, you are subscribed. Request #4821 at 12:03'),
    ),
  ).toEqual({ role: 'status', text: 'Thanks, you are subscribed. Request' });
  expect(
    appearedText(form(''), form('- alert [ref=e6]:\n  - paragraph [ref=e7]: Email is already subscribed')),
  ).toEqual({ role: 'alert', text: 'Email is already subscribed' });
});

test('no status is asserted when it is not new, too volatile, a secret, or not the only one', () => {
  const saved = '- status [ref=e5]: Saved the settings';
  expect(appearedText(form(saved), form(saved))).toBeUndefined();
  expect(appearedText(form(''), form('- status [ref=e5]: Order 4821 placed'))).toBeUndefined();
  expect(appearedText(form(''), form('- status [ref=e5]: <secret>PIN</secret> accepted'))).toBeUndefined();
  expect(
    appearedText(form(''), form('- status [ref=e5]: Saved the settings\n- status [ref=e6]: Synced')),
  ).toBeUndefined();
});

test('otherwise a new heading or paragraph is asserted when its text is stable and unique on the page', () => {
  const thanks =
    '- heading "Thank you for subscribing" [level=2] [ref=e8]\n- paragraph [ref=e9]: Check your inbox to confirm.';
  expect(appearedText(form(''), form(thanks))).toEqual({ role: 'heading', text: 'Thank you for subscribing' });
  expect(appearedText(form(''), form('- paragraph [ref=e9]: Check your inbox to confirm.'))).toEqual({
    role: 'paragraph',
    text: 'Check your inbox to confirm.',
  });
  expect(appearedText(form(''), form('- paragraph [ref=e9]: Sent at 12:03'))).toBeUndefined();
  expect(appearedText(form(''), form('- paragraph [ref=e9]: Newsletter'))).toBeUndefined();
  expect(appearedText(form(''), form('- paragraph [ref=e9]: Done\n- paragraph [ref=e10]: Done'))).toBeUndefined();
});

test('appeared text reads as the assertion Playwright retries', () => {
  expect(appearedAssertion({ role: 'status', text: "Saved Ada's plan" })).toBe(
    `await expect(page.getByRole('status')).toContainText('Saved Ada\\'s plan');`,
  );
  expect(appearedAssertion({ role: 'heading', text: 'Thanks' })).toBe(
    `await expect(page.getByRole('heading', { name: 'Thanks', exact: true })).toBeVisible();`,
  );
  expect(appearedAssertion({ role: 'paragraph', text: 'Check your inbox.' })).toBe(
    `await expect(page.getByText('Check your inbox.', { exact: true })).toBeVisible();`,
  );
});

const call = (seq: number, tool: string, args: Record<string, unknown> = {}, role?: string) =>
  ({
    seq,
    tool,
    args,
    outcome: 'ok',
    targets: role ? [{ target: 'x', role, locator: 'page.x' }] : undefined,
  }) as unknown as ToolCallRecord;

test('only submitting steps are looked at: a button clicked, Enter pressed, text typed with submit', async () => {
  expect(submits(call(1, 'browser_click', {}, 'button'))).toBe(true);
  expect(submits(call(1, 'browser_click', {}, 'checkbox'))).toBe(false);
  expect(submits(call(1, 'browser_press_key', { key: 'Enter' }))).toBe(true);
  expect(submits(call(1, 'browser_press_key', { key: 'Tab' }))).toBe(false);
  expect(submits(call(1, 'browser_type', { submit: true }))).toBe(true);
  expect(submits(call(1, 'browser_type', {}))).toBe(false);

  const snapshots = new Map([
    [1, form('- status [ref=e5]')],
    [3, form('- status [ref=e5]: Subscribed to the newsletter')],
    [4, form('- status [ref=e5]: Subscribed to the newsletter\n- paragraph [ref=e9]: Unrelated news')],
  ]);
  const steps = [
    call(1, 'browser_navigate'),
    call(2, 'browser_type', { text: 'ada' }),
    call(3, 'browser_click', {}, 'button'),
    call(4, 'browser_click', {}, 'link'),
  ];
  const appeared = await loadAppearedTexts(steps, async step => snapshots.get(step.seq));
  // Step 3 is compared with step 1's snapshot (step 2 took none); step 4 is a link, no submission.
  expect([...appeared]).toEqual([[3, { role: 'status', text: 'Subscribed to the newsletter' }]]);
});
