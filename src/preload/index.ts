import { contextBridge } from 'electron';

// The typed bridge (window.inspector) arrives with the inspector UI; for now the renderer learns it runs in Electron.
contextBridge.exposeInMainWorld('inspectorShell', { kind: 'electron' });
