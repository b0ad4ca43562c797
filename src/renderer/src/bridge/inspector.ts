import type { InspectorApi } from '../../../shared/bridge';
import { connectWebSocket } from './ws-client';

/** The bridge: the desktop app's preload API when present, otherwise the WebSocket of web mode. */
export const inspector: InspectorApi = window.inspector ?? connectWebSocket();
