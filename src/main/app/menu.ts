import { basename } from 'node:path';
import { Menu, type MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openSessionFolder(): void;
  openRecent(dir: string): void;
  runDemo(): void;
  copyMcpUrl(): void;
  recent: string[];
}

/** The application menu: standard roles (and so standard shortcuts) plus the inspector's own few commands. */
export function buildMenu(actions: MenuActions): Menu {
  const mac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open Session Folder…', accelerator: 'CmdOrCtrl+O', click: () => actions.openSessionFolder() },
        {
          label: 'Open Recent',
          enabled: actions.recent.length > 0,
          submenu: actions.recent.map(dir => ({
            label: basename(dir),
            toolTip: dir,
            click: () => actions.openRecent(dir),
          })),
        },
        { type: 'separator' },
        { label: 'Run Demo', accelerator: 'CmdOrCtrl+Shift+D', click: () => actions.runDemo() },
        { label: 'Copy MCP URL', click: () => actions.copyMcpUrl() },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
  return Menu.buildFromTemplate(template);
}
