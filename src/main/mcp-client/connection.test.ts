import { expect, test } from '@playwright/test';
import { resolveServerSpec } from './connection';

test('server specs: URLs are HTTP, other strings are commands, objects pass through', () => {
  expect(resolveServerSpec('http://127.0.0.1:8931/mcp')).toEqual({ url: 'http://127.0.0.1:8931/mcp' });
  expect(resolveServerSpec('npx @playwright/mcp --headless')).toEqual({
    command: 'npx',
    args: ['@playwright/mcp', '--headless'],
  });
  const stdio = { command: 'node', args: ['x.js'], cwd: '/tmp' };
  expect(resolveServerSpec(stdio)).toBe(stdio);
  expect(() => resolveServerSpec('   ')).toThrow('Empty server command line');
});
