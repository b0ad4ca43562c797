import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { WsMessage, WsRequest } from '../../shared/bridge-wire';
import type { BridgeHost } from './bridge-host';

/** Commands are small; anything bigger is not from our UI. */
const MAX_REQUEST_BYTES = 1024 * 1024;

/**
 * Web mode's transport of the bridge: a WebSocket at /bridge on the inspector's HTTP server (which has already
 * checked that the upgrade is a local request). Requests carry an id; replies echo it; events flow unasked.
 */
export class BridgeWebSocket {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: MAX_REQUEST_BYTES });

  constructor(private readonly host: BridgeHost) {
    this.server.on('connection', socket => this.serve(socket));
  }

  readonly handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    this.server.handleUpgrade(req, socket, head, ws => this.server.emit('connection', ws, req));
  };

  private serve(socket: WebSocket) {
    const send = (message: WsMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const unsubscribe = this.host.subscribe(event => send({ event }));
    socket.on('close', unsubscribe);
    socket.on('message', async data => {
      const request = parseRequest(String(data));
      if (typeof request === 'string') {
        send({ id: -1, ok: false, error: request });
        return;
      }
      send({ id: request.id, ...(await this.host.invoke(request.command, request.input)) });
    });
  }

  close() {
    for (const client of this.server.clients) client.terminate();
    this.server.close();
  }
}

/** The request, or what is wrong with it. */
function parseRequest(text: string): WsRequest | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'Bad request: not JSON.';
  }
  const request = value as Partial<WsRequest> | null;
  if (!request || typeof request !== 'object' || !Number.isSafeInteger(request.id)) return 'Bad request: expected {id: integer, command, input}.';
  return { id: request.id!, command: String(request.command), input: request.input };
}
