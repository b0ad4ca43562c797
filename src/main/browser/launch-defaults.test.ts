import { createHash } from 'node:crypto';
import { basename, dirname } from 'node:path';
import { expect, test } from '@playwright/test';
import { defaultUserDataDir } from './launch-defaults';

test("the default profile is one per workspace root and channel, named by the root's hash as the peer names its own", () => {
  const hash = (root: string) => createHash('sha256').update(root).digest('hex').slice(0, 7);
  expect(basename(defaultUserDataDir('/work/a'))).toBe(`mcp-chromium-${hash('/work/a')}`);
  expect(defaultUserDataDir('/work/a')).not.toBe(defaultUserDataDir('/work/b'));
  expect(basename(defaultUserDataDir('/work/a', 'msedge'))).toBe(`mcp-msedge-${hash('/work/a')}`);
  const saved = process.env.PWMCP_PROFILES_DIR_FOR_TEST;
  process.env.PWMCP_PROFILES_DIR_FOR_TEST = '/tmp/profiles';
  try {
    expect(dirname(defaultUserDataDir('/work/a'))).toBe('/tmp/profiles');
  } finally {
    if (saved === undefined) delete process.env.PWMCP_PROFILES_DIR_FOR_TEST;
    else process.env.PWMCP_PROFILES_DIR_FOR_TEST = saved;
  }
});
