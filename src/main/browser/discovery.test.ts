import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { chromium } from 'playwright';
import { ChromiumNotFoundError, findChromium } from './discovery';

const fakeBrowser = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ai-discovery-'));
  const file = join(dir, 'chromium');
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, 0o755);
  return { dir, file };
};

test('an explicit executable wins; a missing one is an error naming it', () => {
  const { file } = fakeBrowser();
  expect(findChromium(file)).toBe(file);
  expect(() => findChromium('/nowhere/chrome')).toThrow(ChromiumNotFoundError);
  expect(() => findChromium('/nowhere/chrome')).toThrow(/\/nowhere\/chrome \(not an executable file\)/);
});

test('without an explicit path, a chromium on PATH is found', () => {
  test.skip(existsSync(chromium.executablePath()), "Playwright's own Chromium is installed and comes first");
  const { dir, file } = fakeBrowser();
  const path = process.env.PATH;
  process.env.PATH = `${dir}:${path}`;
  try {
    expect(findChromium()).toBe(file);
  } finally {
    process.env.PATH = path;
  }
});
