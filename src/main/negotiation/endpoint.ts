import type { IncomingMessage, ServerResponse } from 'node:http';
import { interactRequestSchema } from '../../shared/negotiation';
import { readBody } from '../http-body';
import { PlannerError, type Planner } from './planner';

export const INTERACT_PATH = '/api/agent/interact';

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes}-byte`;
}

/**
 * `POST /api/agent/interact` (seed 003): validates the page state a client sent and answers with the planner's next
 * action or its request for more context. Every answer is JSON, errors as `{"error": "..."}`.
 */
export class PlannerEndpoint {
  /** `planner` is asked per request, so a planner swapped on the core takes effect without a restart. */
  constructor(
    private readonly planner: () => Planner,
    private readonly options: { maxBodyBytes: number },
  ) {}

  /** Handles the request when it is for this endpoint; returns false to let the caller serve it. */
  /** The request is for the planner (this endpoint answers it). */
  claims(url: URL): boolean {
    return url.pathname === INTERACT_PATH;
  }

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (!this.claims(url)) return false;
    try {
      await this.interact(req, res);
    } catch (error) {
      // Reading the body failed (client went away) or a bug: answer if the socket still allows it, never crash.
      console.error(`[planner] ${INTERACT_PATH} failed:`, error);
      if (!res.headersSent)
        sendJson(res, 500, { error: `Internal error: ${error instanceof Error ? error.message : String(error)}` });
    }
    return true;
  }

  private async interact(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST') {
      return sendJson(
        res,
        405,
        { error: `Method ${req.method} not allowed: ${INTERACT_PATH} takes POST with a JSON page state.` },
        { allow: 'POST' },
      );
    }
    const limit = this.options.maxBodyBytes;
    const declared = Number(req.headers['content-length']);
    const body = declared > limit ? 'too-large' : await readBody(req, limit);
    if (body === 'too-large') {
      // Closing the connection spares Node from draining the rest of an oversized upload.
      return sendJson(
        res,
        400,
        {
          error: `Request body exceeds the ${formatBytes(limit)} limit. Send the heavy artifacts (skeletonDom, screenshot, dom) only when the planner asks for them.`,
        },
        { connection: 'close' },
      );
    }

    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch (error) {
      return sendJson(res, 400, { error: `Request body is not valid JSON: ${(error as Error).message}` });
    }
    const parsed = interactRequestSchema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.map(issue => `${issue.path.join('.') || 'body'}: ${issue.message}`);
      return sendJson(res, 400, { error: `Invalid interact request: ${issues.join('; ')}`, issues });
    }

    const planner = this.planner();
    // A client that hangs up no longer needs the answer: stop the planner (an LLM call costs time and money).
    const abandoned = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abandoned.abort();
    });
    try {
      const started = performance.now();
      const answer = await planner.plan(parsed.data, abandoned.signal);
      // The planner's own time, apart from transfer and parsing: what bench:planner reports (standard Server-Timing).
      sendJson(res, 200, answer, { 'server-timing': `plan;dur=${(performance.now() - started).toFixed(2)}` });
    } catch (error) {
      if (abandoned.signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof PlannerError) return sendJson(res, 502, { error: message });
      console.error(`[planner] ${planner.name} failed:`, error);
      sendJson(res, 500, { error: `Planner ${planner.name} failed unexpectedly: ${message}` });
    }
  }
}
