import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { CLI } from './support/mcp';

/** Runs `agent-inspector install-browser` with `env` added; resolves with its exit code and what it printed. */
function installBrowser(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; output: string }>(resolve => {
    execFile(
      process.execPath,
      [CLI, 'install-browser', ...args],
      { env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

/** A loopback port nothing listens on: the download host of an offline machine. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise(resolve => server.close(resolve));
  return port;
}

test.describe('npm install and Chromium (install-browser)', () => {
  test('with a Chromium on the machine, --if-missing names it and downloads nothing', async () => {
    const { code, output } = await installBrowser(['--if-missing'], {
      PLAYWRIGHT_DOWNLOAD_HOST: `http://127.0.0.1:${await closedPort()}`,
    });
    expect(code).toBe(0);
    expect(output).toMatch(/^Chromium: \/.+/m);
    expect(output).not.toContain('Downloading');
  });

  test('a Chromium path set by the user that is wrong is reported, not papered over by a download', async () => {
    const { code, output } = await installBrowser(['--if-missing'], { AGENT_INSPECTOR_CHROMIUM: '/no/such/chromium' });
    expect(code).toBe(0);
    expect(output).toContain('/no/such/chromium (not an executable file)');
    expect(output).not.toContain('Downloading');
  });

  test('offline, the download fails with the one command to run later', async () => {
    const browsers = mkdtempSync(join(tmpdir(), 'browsers-'));
    const { code, output } = await installBrowser([], {
      PLAYWRIGHT_BROWSERS_PATH: browsers,
      PLAYWRIGHT_DOWNLOAD_HOST: `http://127.0.0.1:${await closedPort()}`,
    });
    expect(code).toBe(1);
    expect(output).toContain('Could not download Chromium');
    expect(output).toContain('npx playwright install --no-shell chromium');
  });
});
