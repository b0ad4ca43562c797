import { expect, test } from '@playwright/test';
import { defaultCoreConfig } from '../config';
import { SessionCommands, type SessionCommandsHost } from './session-commands';

const host = (exposed: boolean, allowUnsafeCode: boolean): SessionCommandsHost => ({
  config: defaultCoreConfig({ allowUnsafeCode }),
  exposed,
  emit: () => {},
  recording: async () => {
    throw new Error('no recording in this test');
  },
  folder: async () => {
    throw new Error('no folder in this test');
  },
  livePage: () => undefined,
  addSessionFolder: async () => 'opened',
});

test('an inspector reachable beyond this machine refuses to run code or open local paths, unless --allow-unsafe-code', async () => {
  const exposed = new SessionCommands(() => host(true, false)).handlers;
  await expect(
    exposed.runCode({ sessionId: 's', code: 'await page.title();', confirmed: true } as never),
  ).rejects.toThrow(
    'Running code from the inspector is refused: this inspector answers beyond this machine (--host / --allowed-hosts). Start it with --allow-unsafe-code to allow it.',
  );
  await expect(exposed.openSessionPath({ path: '/tmp' })).rejects.toThrow(
    'Opening a local path from the inspector is refused',
  );

  // Allowed: the path is opened (here: the fake host's answer), and loopback needs no flag at all.
  expect(await new SessionCommands(() => host(true, true)).handlers.openSessionPath({ path: '/tmp' })).toEqual({
    sessionId: 'opened',
  });
  expect(await new SessionCommands(() => host(false, false)).handlers.openSessionPath({ path: '/tmp' })).toEqual({
    sessionId: 'opened',
  });
});
