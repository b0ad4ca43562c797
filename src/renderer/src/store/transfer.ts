import { inspector } from '../bridge/inspector';
import { zipFiles, type FolderFile } from './folder-zip';
import { attempt } from './attempt';
import type { Slice } from './types';

/** Export previews, session archives and opening sessions from files. */
export interface TransferSlice {
  /** The spec shown in the export preview; undefined when the preview is closed. */
  exportPreview?: { sessionId: string; spec: string; fileName: string };
  previewExport(): Promise<void>;
  closeExportPreview(): void;
  /** Saves the previewed spec: the app's save dialog, or a download in web mode. */
  saveExport(): Promise<void>;
  /** The open session's folder as a .zip. */
  exportZip(): Promise<void>;
  /** An upload in progress (dropped .zip): bytes sent of total. */
  upload?: { name: string; sent: number; size: number };
  importZip(file: File): Promise<void>;
  /** A session folder's files (dropped or picked), packed into a .zip in the page and uploaded like one. */
  importFolder(files: FolderFile[]): Promise<void>;
  openSessionPath(path: string): Promise<boolean>;
  openSessionDialog(kind: 'folder' | 'zip'): Promise<void>;
}

const isDesktop = () => !!window.inspector;

/** Saves bytes or text as a file through the browser's download (web mode). */
function download(data: BlobPart[], fileName: string, type: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob(data, { type }));
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

const fromBase64 = (base64: string) => Uint8Array.from(atob(base64), char => char.charCodeAt(0));

function toBase64(bytes: Uint8Array): string {
  let text = '';
  // String.fromCharCode takes arguments: in slices, so a 512 KB chunk never overflows the call stack.
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export const transferSlice: Slice<TransferSlice> = (set, get) => ({
  async previewExport() {
    const id = get().openSessionId;
    if (!id) return;
    const exported = await attempt(get, inspector.invoke('export', { sessionId: id }));
    if (exported && get().openSessionId === id) set({ exportPreview: { sessionId: id, ...exported } });
  },
  closeExportPreview() {
    set({ exportPreview: undefined });
  },
  async saveExport() {
    const preview = get().exportPreview;
    if (!preview) return;
    if (isDesktop()) {
      const saved = await attempt(
        get,
        inspector.invoke('saveSpec', { fileName: preview.fileName, content: preview.spec }),
      );
      if (saved) get().toast(`Saved ${saved.path}`, 'info');
      return;
    }
    download([preview.spec], preview.fileName, 'text/plain');
    get().toast(`Downloaded ${preview.fileName}`, 'info');
  },
  async exportZip() {
    const id = get().openSessionId;
    if (!id) return;
    if (isDesktop()) {
      const saved = await attempt(get, inspector.invoke('saveSessionZip', { sessionId: id }));
      if (saved) get().toast(`Saved ${saved.path}`, 'info');
      return;
    }
    const zip = await attempt(get, inspector.invoke('zipSession', { sessionId: id }));
    if (!zip) return;
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    for (let offset: number | undefined = 0; offset !== undefined; ) {
      const chunk: { base64: string; next?: number } | undefined = await attempt(
        get,
        inspector.invoke('readTransfer', { transferId: zip.transferId, offset }),
      );
      if (!chunk) return;
      chunks.push(fromBase64(chunk.base64));
      offset = chunk.next;
    }
    download(chunks, zip.fileName, 'application/zip');
    get().toast(`Downloaded ${zip.fileName} (${Math.round(zip.size / 1024)} KB)`, 'info');
  },
  async importZip(file) {
    const begun = await attempt(get, inspector.invoke('importBegin', { name: file.name, size: file.size }));
    if (!begun) return;
    set({ upload: { name: file.name, sent: 0, size: file.size } });
    try {
      for (let offset = 0; offset < file.size; offset += begun.chunkBytes) {
        const bytes = new Uint8Array(await file.slice(offset, offset + begun.chunkBytes).arrayBuffer());
        const sent = await attempt(
          get,
          inspector.invoke('importChunk', { uploadId: begun.uploadId, offset, base64: toBase64(bytes) }),
        );
        if (!sent) return;
        set({ upload: { name: file.name, sent: sent.received, size: file.size } });
      }
      const opened = await attempt(get, inspector.invoke('importFinish', { uploadId: begun.uploadId }));
      if (!opened) return;
      await get().refreshSessions();
      await get().openSession(opened.sessionId);
      get().toast(`Opened ${file.name}`, 'info');
    } finally {
      set({ upload: undefined });
    }
  },
  async importFolder(files) {
    const folder = files[0]?.path.split('/')[0];
    if (!folder) return get().toast('The folder is empty.');
    let archive: Blob;
    try {
      archive = await zipFiles(files);
    } catch (error) {
      return get().toast(`Could not read the folder: ${error instanceof Error ? error.message : String(error)}`);
    }
    await get().importZip(new File([archive], `${folder}.zip`, { type: 'application/zip' }));
  },
  async openSessionPath(path) {
    const opened = await attempt(get, inspector.invoke('openSessionPath', { path }));
    if (!opened) return false;
    await get().refreshSessions();
    await get().openSession(opened.sessionId);
    return true;
  },
  async openSessionDialog(kind) {
    const opened = await attempt(get, inspector.invoke('openSessionDialog', { kind }));
    if (!opened) return;
    await get().refreshSessions();
    await get().openSession(opened.sessionId);
  },
});
