import { expect, test } from '@playwright/test';
import { splitCommand } from './split-command';

test('splits on whitespace and keeps quoted parts whole, joined to what touches them', () => {
  expect(splitCommand('npx  @playwright/mcp\t--headless')).toEqual(['npx', '@playwright/mcp', '--headless']);
  expect(splitCommand(`node -e "process.exit(3)"`)).toEqual(['node', '-e', 'process.exit(3)']);
  expect(splitCommand(`cmd --dir='/tmp/my dir' --name="a \\"b\\" \\$HOME \\n"`)).toEqual([
    'cmd',
    '--dir=/tmp/my dir',
    '--name=a "b" $HOME \\n',
  ]);
  expect(splitCommand(`a 'it''s' "" b\\ c`)).toEqual(['a', 'its', '', 'b c']);
});

test('expands nothing: variables, globs and operators are plain text', () => {
  expect(splitCommand('echo $HOME * && rm x')).toEqual(['echo', '$HOME', '*', '&&', 'rm', 'x']);
});

test('an unterminated quote or an empty command is an error', () => {
  expect(() => splitCommand(`node -e "oops`)).toThrow('Unterminated " quote in the upstream command: node -e "oops');
  expect(() => splitCommand(`node 'oops`)).toThrow(`Unterminated ' quote`);
  expect(() => splitCommand('   ')).toThrow('The upstream command is empty.');
});
