import { expect, test } from '@playwright/test';
import { parseMarkdownScenario, parseYamlScenario } from './scenario-file';

test('YAML: url, actions and an optional title', () => {
  expect(
    parseYamlScenario(
      [
        'title: Sign up',
        'url: http://127.0.0.1:3000/form.html',
        'actions:',
        '  - Type "Ada" into Full name',
        '  - \'Choose "Japan" in Country\'',
        '  - Click Create account',
      ].join('\n'),
    ),
  ).toEqual({
    title: 'Sign up',
    url: 'http://127.0.0.1:3000/form.html',
    actions: ['Type "Ada" into Full name', 'Choose "Japan" in Country', 'Click Create account'],
  });
});

test('YAML: each problem is named', () => {
  expect(() => parseYamlScenario('url: [unclosed', 'a.yaml')).toThrow(/^a\.yaml is not valid YAML/);
  expect(() => parseYamlScenario('- just a list', 'a.yaml')).toThrow(
    'a.yaml must be a YAML mapping with "url" and "actions".',
  );
  expect(() => parseYamlScenario('actions: [Click Save]', 'a.yaml')).toThrow(/"url" must be the start URL/);
  expect(() => parseYamlScenario('url: /relative\nactions: [Click Save]', 'a.yaml')).toThrow(
    'a.yaml: the start URL "/relative" is not an absolute URL.',
  );
  expect(() => parseYamlScenario('url: https://example.com\nactions: []', 'a.yaml')).toThrow(
    /"actions" must be a non-empty list/,
  );
  expect(() => parseYamlScenario('url: https://example.com\nactions: [Click Save, {click: Save}]', 'a.yaml')).toThrow(
    'a.yaml: action 2 must be a line of text, got {"click":"Save"}.',
  );
});

test('Markdown: the first heading, the first URL outside the list, numbered or bulleted steps', () => {
  expect(
    parseMarkdownScenario(
      [
        '# Sign up',
        '',
        'URL: <https://example.com/signup>',
        '',
        '1. Type "Ada" into Full name',
        '2) Tick the terms',
        '- Click [Create account]',
        '',
        '```',
        '- not a step',
        '```',
      ].join('\n'),
    ),
  ).toEqual({
    title: 'Sign up',
    url: 'https://example.com/signup',
    actions: ['Type "Ada" into Full name', 'Tick the terms', 'Click [Create account]'],
  });
  expect(parseMarkdownScenario('Open [the app](http://localhost:3000/) first.\n* Click Save').url).toBe(
    'http://localhost:3000/',
  );
  expect(() => parseMarkdownScenario('# Title\n1. Click Save', 'a.md')).toThrow(
    'a.md names no start URL: add a line such as "URL: https://example.com" before the steps.',
  );
  expect(() => parseMarkdownScenario('# Title\nhttps://example.com', 'a.md')).toThrow(/a\.md has no steps/);
});
