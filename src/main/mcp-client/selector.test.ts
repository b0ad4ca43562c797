import { expect, test } from '@playwright/test';
import { parseSelector, selectElements, type AriaSelector } from './selector';
import { parseAriaSnapshot } from './snapshot';

const aria = (source: string): AriaSelector => {
  const parsed = parseSelector(source);
  if (parsed.kind !== 'aria') throw new Error(`${source} parsed as CSS`);
  return parsed;
};

test.describe('parseSelector', () => {
  test('role with a quoted name, either quote style, with escapes', () => {
    expect(parseSelector("button[name='Submit']")).toEqual({
      kind: 'aria',
      source: "button[name='Submit']",
      role: 'button',
      attributes: [{ name: 'name', operator: '=', value: 'Submit' }],
    });
    expect(aria('[name="Email"]')).toEqual({
      kind: 'aria',
      source: '[name="Email"]',
      attributes: [{ name: 'name', operator: '=', value: 'Email' }],
    });
    expect(aria("button[name='It\\'s ok']").attributes[0].value).toBe("It's ok");
    expect(aria('button[ name = "a ] b" ]').attributes[0].value).toBe('a ] b');
  });

  test('aria-label is the accessible name; unquoted values and substring operator', () => {
    expect(aria("[aria-label='Search']").attributes).toEqual([{ name: 'aria-label', operator: '=', value: 'Search' }]);
    expect(aria('textbox[name=Email]').attributes).toEqual([{ name: 'name', operator: '=', value: 'Email' }]);
    expect(aria("link[url*='/docs']").attributes).toEqual([{ name: 'url', operator: '*=', value: '/docs' }]);
  });

  test('role only, state attributes with and without values', () => {
    expect(parseSelector('heading')).toEqual({ kind: 'aria', source: 'heading', role: 'heading', attributes: [] });
    expect(aria('heading[level=1]').attributes).toEqual([{ name: 'level', operator: '=', value: '1' }]);
    expect(aria('checkbox[checked]').attributes).toEqual([{ name: 'checked' }]);
    expect(aria('[checked=false]').attributes).toEqual([{ name: 'checked', operator: '=', value: 'false' }]);
    expect(aria('button[disabled][pressed=mixed]').attributes.map(a => a.name)).toEqual(['disabled', 'pressed']);
  });

  test('combined selectors keep every filter in order', () => {
    expect(aria("button[name='Submit'][aria-label='Submit form']")).toMatchObject({
      role: 'button',
      attributes: [
        { name: 'name', value: 'Submit' },
        { name: 'aria-label', value: 'Submit form' },
      ],
    });
  });

  test('text selectors: quoted is exact, bare is a substring', () => {
    expect(aria("text='Login'").text).toEqual({ value: 'Login', exact: true });
    expect(aria('text="Log  in"').text).toEqual({ value: 'Log in', exact: true });
    expect(aria('text=Login').text).toEqual({ value: 'Login', exact: false });
  });

  test('>> nth=N on snapshot selectors', () => {
    expect(aria('button >> nth=1')).toMatchObject({ role: 'button', nth: 1 });
    expect(aria('text=Add to cart >> nth=-1')).toMatchObject({ text: { value: 'Add to cart', exact: false }, nth: -1 });
  });

  test('everything else is a browser (CSS) selector, passed through unchanged', () => {
    for (const source of [
      '#submit-button',
      '.submit-button',
      'form > input',
      "input[name='username']",
      'div',
      '[data-testid=full-name]',
      "[aria-describedby='help']",
      'button.primary',
      'button >> text=Save',
      'xpath=//button',
      'css=button',
      "button[name='x' i]",
      'button[name=',
      '#list >> nth=2',
    ]) {
      expect(parseSelector(source), source).toEqual({ kind: 'css', source });
    }
  });

  test('an empty selector is a usage error', () => {
    expect(() => parseSelector('  ')).toThrow('Empty selector');
  });
});

const SNAPSHOT = `- generic [ref=e1]:
  - heading "Sign up" [level=1] [ref=e2]
  - heading "Details" [level=2] [ref=e3]
  - generic [ref=e4]:
    - text: Full name
    - textbox "Full name" [ref=e5]
  - textbox "Email" [ref=e6]:
    - /placeholder: you@example.com
  - checkbox "I accept the terms" [checked] [ref=e7]
  - checkbox "Newsletter" [ref=e8]
  - button "Submit" [ref=e9]
  - button "Submit" [disabled] [ref=e10]
  - button "Cancel" [ref=e11]
  - paragraph [ref=e12]: Please log in to continue
  - link "Docs" [ref=e13] [cursor=pointer]:
    - /url: https://example.com/docs/intro`;

const elements = parseAriaSnapshot(SNAPSHOT);
const refs = (source: string) => selectElements(elements, aria(source)).map(e => e.ref);

test.describe('matching against a snapshot', () => {
  test('role and exact name; name filters ignore case only with *=', () => {
    expect(refs("textbox[name='Full name']")).toEqual(['e5']);
    expect(refs("[name='Email']")).toEqual(['e6']);
    expect(refs("[aria-label='Email']")).toEqual(['e6']);
    expect(refs("textbox[name='full name']")).toEqual([]);
    expect(refs('textbox[name*=NAME]')).toEqual(['e5']);
    expect(refs("button[name='Submit']")).toEqual(['e9', 'e10']);
  });

  test('states: present, valued, and absent-as-false', () => {
    expect(refs('heading')).toEqual(['e2', 'e3']);
    expect(refs('heading[level=1]')).toEqual(['e2']);
    expect(refs('checkbox[checked]')).toEqual(['e7']);
    expect(refs('checkbox[checked=false]')).toEqual(['e8']);
    expect(refs("button[name='Submit'][disabled]")).toEqual(['e10']);
    expect(refs("button[name='Submit'][disabled=false]")).toEqual(['e9']);
  });

  test('properties and refs', () => {
    expect(refs("link[url*='/docs/']")).toEqual(['e13']);
    expect(refs("[placeholder='you@example.com']")).toEqual(['e6']);
    expect(refs('[ref=e11]')).toEqual(['e11']);
  });

  test('text: exact against name or text, substring ignoring case; the innermost match wins', () => {
    expect(refs("text='Cancel'")).toEqual(['e11']);
    expect(refs('text=log in')).toEqual(['e12']);
    expect(refs("text='log in'")).toEqual([]);
    // The label (generic e4, text "Full name") holds the textbox named "Full name": the textbox is the one to act on.
    expect(refs("text='Full name'")).toEqual(['e5']);
  });

  test('nth picks among the matches, negative from the end, out of range is none', () => {
    expect(refs("button[name='Submit'] >> nth=0")).toEqual(['e9']);
    expect(refs('button >> nth=-1')).toEqual(['e11']);
    expect(refs('button >> nth=5')).toEqual([]);
  });
});
