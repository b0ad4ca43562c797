import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { IPC_EVENT, IPC_INVOKE, type BridgeReply } from '../../shared/bridge-wire';
import type { BridgeHost } from './bridge-host';

/**
 * The Electron transport of the bridge: one invoke channel for commands (the host validates every input) and one
 * channel for events, sent to every inspector window. Only our own windows' top frames, showing our own UI, may call.
 */
export function serveBridgeOverIpc(host: BridgeHost, isInspectorUrl: (url: string) => boolean): () => void {
  const trusted = (event: IpcMainInvokeEvent) =>
    !!BrowserWindow.fromWebContents(event.sender) &&
    event.senderFrame?.parent === null &&
    isInspectorUrl(event.senderFrame.url);
  ipcMain.handle(IPC_INVOKE, (event, command: unknown, input: unknown): Promise<BridgeReply> | BridgeReply => {
    if (!trusted(event)) return { ok: false, error: 'Refused: the request did not come from the inspector window.' };
    return host.invoke(command, input);
  });
  const unsubscribe = host.subscribe(event => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.isDestroyed()) window.webContents.send(IPC_EVENT, event);
    }
  });
  return () => {
    ipcMain.removeHandler(IPC_INVOKE);
    unsubscribe();
  };
}
