import type { BridgeEvent, InspectorApi } from '../../../shared/bridge';
import { BRIDGE_PATH, type WsMessage } from '../../../shared/bridge-wire';

const MAX_RETRY_MS = 5_000;

/**
 * Web mode's `InspectorApi`: the bridge over a WebSocket to the server that served this page. It reconnects with
 * backoff; commands sent while it is down wait for the connection, and ones in flight when it drops fail.
 */
export function connectWebSocket(
  url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${BRIDGE_PATH}`,
): InspectorApi {
  const listeners = new Set<(event: BridgeEvent) => void>();
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  /** Requests made while disconnected, sent once the socket opens. */
  const waiting = new Map<number, string>();
  let socket: WebSocket;
  let open = false;
  /** Whether listeners last heard "connected" (so a failed first attempt is reported too, and only once). */
  let announced: boolean | undefined;
  let nextId = 1;
  let retries = 0;

  const emit = (event: BridgeEvent) => listeners.forEach(listener => listener(event));

  const connect = () => {
    socket = new WebSocket(url);
    socket.onopen = () => {
      open = true;
      retries = 0;
      announced = true;
      emit({ type: 'connection', connected: true });
      for (const request of waiting.values()) socket.send(request);
      waiting.clear();
    };
    socket.onmessage = message => {
      const data = JSON.parse(String(message.data)) as WsMessage;
      if ('event' in data) return emit(data.event);
      const request = pending.get(data.id);
      if (!request) return;
      pending.delete(data.id);
      if (data.ok) request.resolve(data.result);
      else request.reject(new Error(data.error));
    };
    socket.onclose = () => {
      if (announced !== false) emit({ type: 'connection', connected: false });
      announced = false;
      open = false;
      for (const [id, request] of pending) {
        if (waiting.has(id)) continue;
        pending.delete(id);
        request.reject(new Error('The connection to the inspector was lost; it reconnects by itself.'));
      }
      setTimeout(connect, Math.min(MAX_RETRY_MS, 200 * 2 ** retries++));
    };
  };
  connect();

  return {
    invoke(command, input) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        const request = JSON.stringify({ id, command, input });
        if (open) socket.send(request);
        else waiting.set(id, request);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
