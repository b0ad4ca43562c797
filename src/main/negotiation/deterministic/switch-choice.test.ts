import { expect, test } from '@playwright/test';
import { onPage } from './planner-fixtures';

test('a choice named among switches is the switch its words name, in the section its other words name', async () => {
  const run = onPage(
    [
      { i: 'ec', r: 'swt', n: 'Comments' },
      { i: 'em', r: 'swt', n: 'Mentions' },
      { i: 'pc', r: 'swt', n: 'Comments' },
      { i: 'pm', r: 'swt', n: 'Mentions' },
      { i: 'd', r: 'cmb', n: 'Digest' },
    ],
    '<section><h2>Email</h2><label>Comments <input type="checkbox" role="switch" data-llm-id="ec"></label>' +
      '<label>Mentions <input type="checkbox" role="switch" data-llm-id="em"></label>' +
      '<label>Digest <select data-llm-id="d"><option>Daily</option><option>Never</option></select></label></section>' +
      '<section><h2>Push</h2><label>Comments <input type="checkbox" role="switch" data-llm-id="pc"></label>' +
      '<label>Mentions <input type="checkbox" role="switch" data-llm-id="pm"></label></section>',
  );
  expect(await run('select comments in email')).toBe('click(ec)');
  expect(await run('pick push for mentions')).toBe('click(pm)');
  expect(await run('I want push for comments')).toBe('click(pc)');
  // A dropdown's option is still chosen in it; a switch named nowhere is refused.
  expect(await run('pick never for the digest')).toBe('select(d, "Never")');
  expect(await run('select reminders in push')).toMatch(/^fail\(/);
});

test('a wish for "it" in some way chooses the radio its words name', async () => {
  const run = onPage(
    [
      { i: 's', r: 'rad', n: 'Standard (5–7 days, free)' },
      { i: 'e', r: 'rad', n: 'Express (2 days, $12)' },
    ],
    '<fieldset><legend>Delivery</legend><label><input type="radio" name="d" data-llm-id="s"> Standard (5–7 days, free)</label>' +
      '<label><input type="radio" name="d" data-llm-id="e"> Express (2 days, $12)</label></fieldset>',
  );
  expect(await run('I need it in 2 days')).toBe('click(e)');
  expect(await run('I need it in 3 days')).toMatch(/^fail\(/);
});
