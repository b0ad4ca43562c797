import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { VIEWER_COMMANDS, type BridgeCommand } from '../../shared/bridge';
import type { WsMessage, WsRequest } from '../../shared/bridge-wire';
import type { BridgeHost } from './bridge-host';

/** Who is on the other end (see ServedContent.upgrades): undefined when a required token is missing. */
type Role = 'full' | 'viewer' | undefined;

/** Close code for a socket without a valid token (4000-4999 are the application's), and its reason (≤ 123 bytes). */
export const UNAUTHORIZED_CLOSE = 4401;
const UNAUTHORIZED_REASON = 'Unauthorized: open the URL Agent Inspector printed at start (.../?token=...).';

/** Commands are small but for an annotated screenshot (shared/debugger.ts caps it at 12 MB); anything bigger is not from our UI. */
export const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

/**
 * Web mode's transport of the bridge: a WebSocket at /bridge on the inspector's HTTP server (which has already
 * checked that the upgrade is a local request, and with which token). Requests carry an id; replies echo it; events
 * flow unasked. A viewer's socket carries only VIEWER_COMMANDS.
 */
export class BridgeWebSocket {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: MAX_REQUEST_BYTES });

  constructor(private readonly host: BridgeHost) {}

  readonly handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer, role: Role) => {
    this.server.handleUpgrade(req, socket, head, ws => {
      // Accepted only to say why: a browser cannot read the body of a refused upgrade.
      if (!role) ws.close(UNAUTHORIZED_CLOSE, UNAUTHORIZED_REASON);
      else this.serve(ws, role);
    });
  };

  private serve(socket: WebSocket, role: 'full' | 'viewer') {
    const send = (message: WsMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const unsubscribe = this.host.subscribe(event => send({ event }));
    socket.on('close', unsubscribe);
    // A frame over maxPayload (or a broken one) closes the socket with its code (1009, 1002); without a listener the
    // 'error' event would be an uncaught exception. The client sees the close; the server has nothing more to do.
    socket.on('error', error => console.error(`[bridge] socket closed: ${error.message}`));
    const answer = async (text: string) => {
      const request = parseRequest(text);
      if (typeof request === 'string') {
        send({ id: -1, ok: false, error: request });
        return;
      }
      if (role === 'viewer' && !VIEWER_COMMANDS.has(request.command as BridgeCommand)) {
        send({ id: request.id, ok: false, error: `Forbidden: a read-only (viewer) token cannot ${request.command}.` });
        return;
      }
      send({ id: request.id, ...(await this.host.invoke(request.command, request.input)) });
    };
    // Not awaited: a failed command is an error reply (the host's invoke never rejects), so nothing is lost.
    socket.on('message', data => void answer(String(data)));
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
  if (!request || typeof request !== 'object' || !Number.isSafeInteger(request.id))
    return 'Bad request: expected {id: integer, command, input}.';
  return { id: request.id!, command: String(request.command), input: request.input };
}
