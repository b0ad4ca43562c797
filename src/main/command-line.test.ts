import { expect, test } from '@playwright/test';
import { splitCommandLine } from './command-line';

test('splits a command line like a shell, without expanding anything', () => {
  expect(splitCommandLine('npx @playwright/mcp --headless')).toEqual(['npx', '@playwright/mcp', '--headless']);
  expect(splitCommandLine('  node   "my dir/cli.js"  --name \'a b\'  ')).toEqual([
    'node',
    'my dir/cli.js',
    '--name',
    'a b',
  ]);
  expect(splitCommandLine("echo \"say \\\"hi\\\" \\$HOME \\n\" 'it'\\''s' a\\ b")).toEqual([
    'echo',
    'say "hi" $HOME \\n',
    "it's",
    'a b',
  ]);
  expect(splitCommandLine('cmd --flag= "" x""y')).toEqual(['cmd', '--flag=', '', 'xy']);
  expect(splitCommandLine('cmd $HOME ~ *')).toEqual(['cmd', '$HOME', '~', '*']);
});

test('unterminated quotes are errors', () => {
  expect(() => splitCommandLine('node "cli.js')).toThrow('Unterminated "');
  expect(() => splitCommandLine("node 'cli.js")).toThrow("Unterminated '");
});
