import type { IncomingMessage, ServerResponse } from 'node:http';
import { VIEWER_COMMANDS, type BridgeCommand } from '../../shared/bridge';
import { readBody } from '../http-body';
import type { BridgeHost } from './bridge-host';
import { MAX_REQUEST_BYTES } from './ws-transport';

/** `POST /api/bridge/<command>` with the command's input as JSON: the bridge for scripts (CI, test harnesses). */
export const BRIDGE_HTTP_PREFIX = '/api/bridge/';

const reply = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/**
 * The bridge over plain HTTP, beside the UI's WebSocket: a script can continue a held call or add a breakpoint with
 * one request. The same commands and checks; a viewer's token gets 403 for any command that acts.
 */
export function bridgeOverHttp(host: BridgeHost) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL, role: 'full' | 'viewer'): Promise<boolean> => {
    if (!url.pathname.startsWith(BRIDGE_HTTP_PREFIX)) return false;
    const command = url.pathname.slice(BRIDGE_HTTP_PREFIX.length);
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      reply(res, 405, {
        ok: false,
        error: `Use POST ${BRIDGE_HTTP_PREFIX}<command> with the command's input as a JSON body.`,
      });
      return true;
    }
    if (role === 'viewer' && !VIEWER_COMMANDS.has(command as BridgeCommand)) {
      reply(res, 403, { ok: false, error: `Forbidden: a read-only (viewer) token cannot ${command}.` });
      return true;
    }
    const body = await readBody(req, MAX_REQUEST_BYTES).catch(() => undefined);
    // The client hung up before its whole body came: nobody is left to answer.
    if (body === undefined) return true;
    if (body === 'too-large') {
      reply(res, 413, { ok: false, error: `The request body is larger than ${MAX_REQUEST_BYTES / 2 ** 20} MB.` });
      return true;
    }
    let input: unknown = {};
    try {
      const text = body.toString('utf8');
      if (text.trim()) input = JSON.parse(text);
    } catch {
      reply(res, 400, { ok: false, error: 'Bad request: the body is not JSON.' });
      return true;
    }
    const result = await host.invoke(command, input);
    reply(res, result.ok ? 200 : 400, result);
    return true;
  };
}
