import { expect, test } from '@playwright/test';
import { around, excerpt } from './excerpt';
import { SearchIndex } from './search-index';
import type { StepTexts } from './fields';
import { indexTerms, queryTerms } from './terms';

const texts = (fields: Partial<StepTexts>): StepTexts => ({
  tool: '',
  args: '',
  response: '',
  url: '',
  console: '',
  network: '',
  model: '',
  ...fields,
});
const found = (index: SearchIndex, query: string, sessionId?: string) =>
  index
    .search(query, { sessionId })
    .matches.map(match => `${match.sessionId}:${match.seq}`)
    .sort();

test('URLs, refs and identifiers split at punctuation; camelCase parts are indexed but queries stay whole', () => {
  expect(queryTerms('GET https://shop.test/api/items?id=3')).toEqual([
    'get',
    'https',
    'shop',
    'test',
    'api',
    'items',
    'id',
    '3',
  ]);
  expect(queryTerms('browser_evaluate e090 [ref=f1e3]')).toEqual(['browser', 'evaluate', 'e090', 'ref', 'f1e3']);
  expect(queryTerms('getByRole')).toEqual(['getbyrole']);
  expect(indexTerms("page.getByRole('button')")).toEqual(['page', 'getbyrole', 'get', 'by', 'role', 'button']);
  expect(indexTerms('Müller café')).toEqual(['müller', 'café']);
  expect(indexTerms('x'.repeat(100))).toEqual(['x'.repeat(32)]);
  expect(queryTerms('!!! ...')).toEqual([]);
});

test('every word must match (AND), the last one as a prefix; URLs and refs are found as written', () => {
  const index = new SearchIndex();
  index.add(
    's1',
    1,
    texts({
      tool: 'browser_navigate',
      args: 'url: https://shop.test/api/items',
      url: 'https://shop.test/api/items\nItems',
    }),
  );
  index.add(
    's1',
    2,
    texts({
      tool: 'browser_click',
      args: 'target: e090\nelement: Save button',
      response: '### Result\nSaved the order',
    }),
  );
  index.add(
    's2',
    1,
    texts({ tool: 'browser_evaluate', response: '### Result\n"zebracorn 42"', console: 'order failed to load' }),
  );
  expect(found(index, 'api/items')).toEqual(['s1:1']);
  expect(found(index, 'e090')).toEqual(['s1:2']);
  expect(found(index, 'zebracorn')).toEqual(['s2:1']);
  expect(found(index, 'order')).toEqual(['s1:2', 's2:1']);
  expect(found(index, 'order saved')).toEqual(['s1:2']);
  expect(found(index, 'order zebracorn')).toEqual(['s2:1']);
  expect(found(index, 'order nowhere')).toEqual([]);
  // Prefix on the last word only.
  expect(found(index, 'zebrac')).toEqual(['s2:1']);
  expect(found(index, 'zebrac 42')).toEqual([]);
  expect(found(index, 'getbyrole')).toEqual([]);
  // Scoped to one session: the timeline's filter.
  expect(found(index, 'order', 's2')).toEqual(['s2:1']);
  expect(found(index, 'browser', 's1')).toEqual(['s1:1', 's1:2']);
});

test('steps are added incrementally; re-adding replaces; a dropped session is not found', () => {
  const index = new SearchIndex();
  index.add('a:b', 1, texts({ response: 'first answer' }));
  expect(found(index, 'answer')).toEqual(['a:b:1']);
  index.add('a:b', 2, texts({ response: 'second answer' }));
  index.add('a', 1, texts({ response: 'another answer' }));
  expect(found(index, 'answer')).toEqual(['a:1', 'a:b:1', 'a:b:2']);
  // A session id with a colon is told apart from a shorter one.
  expect(found(index, 'answer', 'a')).toEqual(['a:1']);
  index.add('a:b', 2, texts({ response: 'changed' }));
  expect(found(index, 'second')).toEqual([]);
  expect(index.size).toBe(3);
  index.dropSession('a:b');
  expect(found(index, 'answer')).toEqual(['a:1']);
  expect(index.size).toBe(1);
});

test('a hit names the field holding most matched terms and an excerpt around the first match', () => {
  const index = new SearchIndex();
  const long = `${'lorem ipsum '.repeat(40)}the needle is here ${'dolor sit '.repeat(40)}`;
  const step = texts({
    tool: 'browser_evaluate',
    args: 'function: () => needle',
    response: `### Result\n${long}`,
    console: 'a needle here',
  });
  index.add('s', 1, step);
  const [match] = index.search('needle here').matches;
  const shown = excerpt(step, match.terms, match.fields);
  expect(shown.field).toBe('response');
  expect(shown.excerpt).toMatch(/^….*the needle is here.*…$/);
  expect(shown.excerpt.length).toBeLessThan(180);
  expect(shown.excerpt).not.toContain('\n');
  // A camelCase part is found inside its word; a prefix by its completion.
  const code = texts({ response: "await page.getByRole('button').click();" });
  index.add('s', 2, code);
  const [role] = index.search('role button').matches;
  expect(excerpt(code, role.terms, role.fields)).toEqual({
    field: 'response',
    excerpt: "await page.getByRole('button').click();",
  });
  expect(around('short', 0)).toBe('short');
  // Only the match's line: the others are other sections or messages.
  expect(around('### Result\n"the answer"\n### Page', 12)).toBe('"the answer"');
  expect(around('### Page\n- Page URL: https://shop.test/', 15)).toBe('Page URL: https://shop.test/');
});

test('hits are ranked by the rarity of their words and the field they are in, newer steps first among equals', () => {
  const index = new SearchIndex();
  index.add('s', 1, texts({ response: 'checkout done', console: 'rare' }));
  index.add('s', 2, texts({ tool: 'checkout' }));
  index.add('s', 3, texts({ response: 'checkout' }));
  index.add('s', 4, texts({ args: 'nothing here' }));
  const seqs = (limit?: number) => index.search('checkout', { limit }).matches.map(match => match.seq);
  expect(seqs()).toEqual([2, 3, 1]);
  // The best `limit`, and how many matched.
  expect(seqs(2)).toEqual([2, 3]);
  expect(seqs(1)).toEqual([2]);
  expect(index.search('checkout', { limit: 1 }).total).toBe(3);
  for (let seq = 5; seq < 200; seq++) index.add('s', seq, texts({ response: `checkout ${seq % 7 ? '' : 'order'}` }));
  expect(index.search('checkout', { limit: 3 }).matches.map(match => match.seq)).toEqual([2, 199, 198]);
  expect(index.search('checkout order', { limit: 100 }).matches.map(match => match.seq)).toEqual(
    Array.from({ length: 28 }, (_, i) => 196 - 7 * i),
  );
  expect([...index.search('checkout rare').matches[0].fields].sort()).toEqual(['console', 'response']);
});
