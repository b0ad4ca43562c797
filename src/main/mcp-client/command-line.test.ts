import { expect, test } from '@playwright/test';
import { resolveServerSpec } from './connection';
import { splitCommandLine } from './command-line';

test('splits a command line like a shell, without expanding anything', () => {
  expect(splitCommandLine('npx @playwright/mcp --headless')).toEqual(['npx', '@playwright/mcp', '--headless']);
  expect(splitCommandLine('  node   "my dir/cli.js"  --name \'a b\'  ')).toEqual(['node', 'my dir/cli.js', '--name', 'a b']);
  expect(splitCommandLine('echo "say \\"hi\\" \\$HOME \\n" \'it\'\\\'\'s\' a\\ b')).toEqual(['echo', 'say "hi" $HOME \\n', "it's", 'a b']);
  expect(splitCommandLine('cmd --flag= "" x""y')).toEqual(['cmd', '--flag=', '', 'xy']);
  expect(splitCommandLine('cmd $HOME ~ *')).toEqual(['cmd', '$HOME', '~', '*']);
});

test('unterminated quotes are errors', () => {
  expect(() => splitCommandLine('node "cli.js')).toThrow('Unterminated "');
  expect(() => splitCommandLine("node 'cli.js")).toThrow("Unterminated '");
});

test('server specs: URLs are HTTP, other strings are commands, objects pass through', () => {
  expect(resolveServerSpec('http://127.0.0.1:8931/mcp')).toEqual({ url: 'http://127.0.0.1:8931/mcp' });
  expect(resolveServerSpec('npx @playwright/mcp --headless')).toEqual({ command: 'npx', args: ['@playwright/mcp', '--headless'] });
  const stdio = { command: 'node', args: ['x.js'], cwd: '/tmp' };
  expect(resolveServerSpec(stdio)).toBe(stdio);
  expect(() => resolveServerSpec('   ')).toThrow('Empty server command line');
});
