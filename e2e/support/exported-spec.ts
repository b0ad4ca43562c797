import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { findChromium } from '../../src/main/browser/discovery';

const run = promisify(execFile);

/**
 * Runs an exported (or emitted) spec for real, as a project of its own would: its own folder outside test-results/
 * (which a concurrent run may clear), this checkout's node_modules, the machine's Chromium. Each of `runs` runs must
 * pass; `env` is added to the environment (a secret, a BASE_URL).
 */
export async function expectSpecPasses(code: string, options: { env?: Record<string, string>; runs?: number } = {}) {
  const project = mkdtempSync(join(tmpdir(), 'exported-'));
  try {
    symlinkSync(join(process.cwd(), 'node_modules'), join(project, 'node_modules'));
    writeFileSync(join(project, 'exported.spec.ts'), code);
    writeFileSync(
      join(project, 'playwright.config.mjs'),
      `export default { use: { launchOptions: { executablePath: ${JSON.stringify(findChromium())} } } };\n`,
    );
    for (let attempt = 1; attempt <= (options.runs ?? 1); attempt++) {
      const result = await run('npx', ['playwright', 'test', '--reporter=line'], {
        cwd: project,
        env: { ...process.env, ...options.env },
      }).catch(error => error as { stdout: string; stderr: string; code: number });
      expect('code' in result ? `${result.stdout}\n${result.stderr}` : '', `run ${attempt} of the spec passes`).toBe(
        '',
      );
      expect(result.stdout).toContain('1 passed');
    }
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}
