import { expect, test } from '@playwright/test';
import { formatConsoleEntry } from './tab-events';

test('a console line reads as Playwright MCP prints it; a page error with an empty stack shows its message', () => {
  expect(
    formatConsoleEntry({ level: 'info', type: 'log', text: 'hello', location: 'http://x/a.js:3', navigation: 0 }),
  ).toBe('[LOG] hello @ http://x/a.js:3');
  expect(formatConsoleEntry({ level: 'error', text: 'Boom', stack: 'Error: Boom\n    at a.js:1', navigation: 0 })).toBe(
    'Error: Boom\n    at a.js:1',
  );
  // A SyntaxError in a script has no stack: its message, not a blank line.
  expect(formatConsoleEntry({ level: 'error', text: "Unexpected token '<'", stack: '', navigation: 0 })).toBe(
    "Unexpected token '<'",
  );
});
