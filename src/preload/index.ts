import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { BridgeEvent, InspectorApi } from '../shared/bridge';
import { IPC_EVENT, IPC_INVOKE, type BridgeReply } from '../shared/bridge-wire';

/**
 * `window.inspector`: the typed bridge (shared/bridge/) over IPC. Only these two functions cross into the page;
 * the main process validates every input.
 */
const api: InspectorApi = {
  async invoke(command, input) {
    const reply = (await ipcRenderer.invoke(IPC_INVOKE, command, input)) as BridgeReply;
    if (!reply.ok) throw new Error(reply.error);
    return reply.result as never;
  },
  subscribe(listener) {
    const handler = (_event: IpcRendererEvent, event: BridgeEvent) => listener(event);
    ipcRenderer.on(IPC_EVENT, handler);
    return () => void ipcRenderer.off(IPC_EVENT, handler);
  },
};

contextBridge.exposeInMainWorld('inspector', api);
