import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, shell } from 'electron';
import { defaultCoreConfig } from './config';
import { InspectorCore } from './core';
import { startHttpServer, type RunningHttpServer } from './http-server';

/** Electron entry, kept thin: starts the core in-process, serves MCP on loopback, and opens the inspector window. */
const here = dirname(fileURLToPath(import.meta.url));
const core = new InspectorCore(defaultCoreConfig());
let http: RunningHttpServer | undefined;

function createWindow() {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'Agent Inspector',
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
    },
  });
  // The app window only ever shows our own UI: no navigation away, no new windows.
  window.webContents.on('will-navigate', event => event.preventDefault());
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:/.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  if (process.env.ELECTRON_RENDERER_URL) void window.loadURL(process.env.ELECTRON_RENDERER_URL);
  else void window.loadFile(join(here, '../renderer/index.html'));
}

app.whenReady().then(async () => {
  http = await startHttpServer(core, { host: '127.0.0.1', port: Number(process.env.AGENT_INSPECTOR_PORT ?? 9400), allowedHosts: [] });
  console.log(`MCP endpoint: ${http.url}/mcp`);
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.on('will-quit', () => {
  void http?.close();
  void core.close();
});
