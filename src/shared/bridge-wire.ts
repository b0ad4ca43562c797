import type { BridgeEvent } from './bridge/events';

/**
 * How the bridge (bridge/) crosses its two transports. Kept apart from the command schemas so the sandboxed preload,
 * which can load no package, bundles these few names and nothing else.
 */

/** The answer to one command: errors travel as text, never as thrown objects. */
export type BridgeReply = { ok: true; result: unknown } | { ok: false; error: string };

/** Electron: commands go through `ipcRenderer.invoke(IPC_INVOKE, command, input)`, events come on IPC_EVENT. */
export const IPC_INVOKE = 'inspector:invoke';
export const IPC_EVENT = 'inspector:event';

/** Web mode: a WebSocket at this path; requests carry an id that their reply echoes, events come unasked. */
export const BRIDGE_PATH = '/bridge';
export interface WsRequest {
  id: number;
  command: string;
  input: unknown;
}
export type WsMessage = ({ id: number } & BridgeReply) | { event: BridgeEvent };
