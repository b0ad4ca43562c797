import { expect, test } from '@playwright/test';
import { chromium } from 'playwright';
import { readElementFacts } from './element-facts';

test('reads test ids, label, placeholder, text and a short CSS path of real elements', async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setContent(`
      <main id="app"><ul>
        <li>Report <button data-qa="delete-1">Delete</button></li>
        <li>Report <button data-qa="delete-2" data-testid="del">Delete</button></li>
      </ul>
      <label for="email">E-mail</label><input id="email" placeholder="you@example.com">
      <span id="t1">Search</span><input aria-labelledby="t1" id=":r1:"><input type="submit" value="Go"></main>`);
    const facts = (selector: string) =>
      page.locator(selector).evaluate(readElementFacts, { testIdAttribute: 'data-testid', known: ['data-qa'] });
    expect(await facts('li:nth-child(2) button')).toEqual({
      tag: 'button',
      testIdAttribute: 'data-testid',
      testIds: { 'data-testid': 'del', 'data-qa': 'delete-2' },
      text: 'Delete',
      css: '#app > ul > li:nth-of-type(2) > button',
    });
    expect(await facts('#email')).toEqual({
      tag: 'input',
      testIdAttribute: 'data-testid',
      label: 'E-mail',
      placeholder: 'you@example.com',
      id: 'email',
      css: '#email',
    });
    // A generated id is not used; the path goes up to the nearest stable one.
    expect(await facts('[aria-labelledby=t1]')).toEqual({
      tag: 'input',
      testIdAttribute: 'data-testid',
      label: 'Search',
      css: '#app > input:nth-of-type(2)',
    });
    expect(await facts('[type=submit]')).toMatchObject({ text: 'Go', css: '#app > input:nth-of-type(3)' });
  } finally {
    await browser.close();
  }
});
