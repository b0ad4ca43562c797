/// <reference types="vite/client" />
import type { InspectorApi } from '../../shared/bridge';

declare global {
  interface Window {
    /** Present in the desktop app (the preload's contextBridge); absent in web mode. */
    inspector?: InspectorApi;
  }
}
