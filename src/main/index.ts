import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { app, BrowserWindow, clipboard, dialog, Menu, screen, session, shell } from 'electron';
import { AppStateFile } from './app/app-state';
import { buildMenu } from './app/menu';
import { BridgeHost } from './bridge/bridge-host';
import { bridgeOverHttp } from './bridge/http-transport';
import { debugConfigFromEnv } from './debug-options';
import { serveBridgeOverIpc } from './bridge/ipc-transport';
import { defaultCoreConfig } from './config';
import { InspectorCore } from './core';
import { apis, startHttpServer, type RunningHttpServer } from './http-server';
import { recordingsOf } from './commands/sessions-mcp';
import { sessionsMcpOverHttp } from './sessions-mcp/http-endpoint';

/**
 * Electron entry, kept thin: the core in-process (MCP over loopback HTTP, the planner, a recorder into the user data
 * folder), the bridge over IPC, and the inspector window. Everything the UI can do goes through the bridge.
 */
const here = fileURLToPath(new URL('.', import.meta.url));
const rendererIndex = join(here, '../renderer/index.html');
const resourcesDir = join(here, '../../resources');
const userData = app.getPath('userData');
const appState = new AppStateFile(join(userData, 'app-state.json'));

const core = new InspectorCore(
  defaultCoreConfig({ sessionDir: join(userData, 'sessions'), stepScreenshots: true, debug: debugConfigFromEnv() }),
);
const bridge = new BridgeHost(core, {
  mode: 'electron',
  demoWorkspace: { root: userData, outputDir: join(userData, 'demo-output') },
  // The UI's Open… and Save buttons; the paths come from the user's own choice in a native dialog.
  dialogs: {
    async chooseSession(kind) {
      // Linux and Windows dialogs pick files or folders, never both: the UI asks for one kind.
      const choice = await dialog.showOpenDialog(
        kind === 'folder'
          ? {
              title: 'Open a recorded session folder',
              defaultPath: core.config.sessionDir,
              properties: ['openDirectory'],
            }
          : {
              title: 'Open a session archive',
              properties: ['openFile'],
              filters: [{ name: 'Session archive', extensions: ['zip'] }],
            },
      );
      return choice.canceled ? undefined : choice.filePaths[0];
    },
    async chooseSaveFile(defaultName, filter) {
      const choice = await dialog.showSaveDialog({ defaultPath: defaultName, filters: [filter] });
      return choice.canceled ? undefined : choice.filePath;
    },
  },
});
let http: RunningHttpServer | undefined;
let mcpUrl = '';

const rendererUrl = process.env.ELECTRON_RENDERER_URL;
const isInspectorUrl = (url: string) =>
  rendererUrl ? url.startsWith(rendererUrl) : url.startsWith(pathToFileURL(rendererIndex).href);

/** The saved bounds, when they are still on one of the screens (a monitor may have been unplugged). */
function savedBounds() {
  const bounds = appState.state.bounds;
  if (!bounds) return { width: 1440, height: 900 };
  const area = screen.getDisplayMatching(bounds).workArea;
  const visible =
    bounds.x < area.x + area.width &&
    bounds.x + bounds.width > area.x &&
    bounds.y < area.y + area.height &&
    bounds.y + bounds.height > area.y;
  return visible ? bounds : { width: bounds.width, height: bounds.height };
}

function createWindow() {
  const window = new BrowserWindow({
    ...savedBounds(),
    minWidth: 800,
    minHeight: 500,
    title: 'Agent Inspector',
    show: false,
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webviewTag: false,
    },
  });
  if (appState.state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => appState.update({ bounds: window.getNormalBounds(), maximized: window.isMaximized() }));
  if (rendererUrl) void window.loadURL(rendererUrl);
  else void window.loadFile(rendererIndex);
}

async function openSessionFolder(dir?: string) {
  if (!dir) {
    const choice = await dialog.showOpenDialog({
      title: 'Open a recorded session',
      defaultPath: core.config.sessionDir,
      properties: ['openDirectory'],
    });
    if (choice.canceled || !choice.filePaths[0]) return;
    dir = choice.filePaths[0];
  }
  try {
    await bridge.addSessionFolder(dir);
    appState.addRecent(dir);
    refreshMenu();
  } catch (error) {
    dialog.showErrorBox('Cannot open this session', error instanceof Error ? error.message : String(error));
  }
}

function refreshMenu() {
  Menu.setApplicationMenu(
    buildMenu({
      recent: appState.state.recentSessions,
      openSessionFolder: () => void openSessionFolder(),
      openRecent: dir => void openSessionFolder(dir),
      runDemo: () => void bridge.runDemo().catch(error => dialog.showErrorBox('Demo', error.message)),
      copyMcpUrl: () =>
        void clipboard.writeText(mcpUrl).catch(error => dialog.showErrorBox('Copy MCP URL', error.message)),
    }),
  );
}

/** The usual port, so agents' saved configs keep working; any free one when it is taken (the UI shows which). */
async function listen(): Promise<RunningHttpServer> {
  const port = Number(process.env.AGENT_INSPECTOR_PORT ?? 9400);
  // Scripts drive the app's debugger as the UI does: POST /api/bridge/<command>.
  // …and debugging agents read the recordings at /sessions/mcp.
  const content = {
    demoDir: join(resourcesDir, 'demo'),
    api: apis(bridgeOverHttp(bridge), sessionsMcpOverHttp(recordingsOf(bridge, core.config.sessionDir))),
  };
  try {
    return await startHttpServer(core, { host: '127.0.0.1', port, allowedHosts: [] }, content);
  } catch (error) {
    console.error(`${(error as Error).message} Using a free port instead.`);
    return startHttpServer(core, { host: '127.0.0.1', port: 0, allowedHosts: [] }, content);
  }
}

// The app's windows only ever show our own UI: no navigation away, no new windows, no webviews, no permissions
// beyond writing to the clipboard (the copy buttons).
app.on('web-contents-created', (_event, contents) => {
  contents.on('will-navigate', event => event.preventDefault());
  contents.on('will-attach-webview', event => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (/^https?:/.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
});

app
  .whenReady()
  .then(async () => {
    session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
      callback(permission === 'clipboard-sanitized-write'),
    );
    http = await listen();
    mcpUrl = `${http.url}/mcp`;
    bridge.setServerUrl(http.url);
    console.log(`MCP endpoint: ${mcpUrl}`);
    serveBridgeOverIpc(bridge, isInspectorUrl);
    // Recently opened folders are listed again; ones that moved or were deleted are skipped.
    await Promise.all(
      appState.state.recentSessions.map(dir => bridge.addSessionFolder(dir, false).catch(() => undefined)),
    );
    refreshMenu();
    createWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow();
    });
  })
  .catch((error: unknown) => {
    // Without its server (the port refused, say) the app has nothing to show: it says why and quits rather than idle.
    dialog.showErrorBox('Agent Inspector could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
  });

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.on('will-quit', () => {
  bridge.close();
  void http?.close();
  void core.close();
});
