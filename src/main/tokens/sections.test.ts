import { expect, test } from '@playwright/test';
import { PREAMBLE, splitSections } from './sections';

test('a response splits at its headings, each section named by its heading, and the parts give the text back', () => {
  const text = 'Intro line\n### Ran Playwright code\n```js\nawait page.click();\n```\n### Snapshot\n```yaml\n- text: "### not a heading"\n### Nor this\n```\n### Events\n- [LOG] hi';
  const sections = splitSections(text);
  expect(sections.map(section => section.name)).toEqual([PREAMBLE, 'Ran Playwright code', 'Snapshot', 'Events']);
  expect(sections.map(section => section.text).join('')).toBe(text);
  expect(sections[2].text).toBe('### Snapshot\n```yaml\n- text: "### not a heading"\n### Nor this\n```\n');
  expect(sections[3].text).toBe('### Events\n- [LOG] hi');
});

test('a text that starts with a heading has no preamble; an empty text has no sections', () => {
  expect(splitSections('### Result\nok\n').map(s => [s.name, s.text])).toEqual([['Result', '### Result\nok\n']]);
  expect(splitSections('')).toEqual([]);
});
