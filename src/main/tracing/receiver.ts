import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { readBody } from '../http-body';
import type { ReceivedSpan } from '../../shared/spans';
import { OtlpFormatError, spansFromOtlpJson } from './otlp-json';

export const TRACES_PATH = '/v1/traces';

const inflate = promisify(gunzip);

/** Decodes an OTLP protobuf ExportTraceServiceRequest into the JSON shape spansFromOtlpJson reads (see otlp-proto.ts). */
export type ProtobufDecoder = (body: Buffer) => unknown;

export interface TraceReceiverOptions {
  /** The largest body accepted, compressed or not (an OTLP exporter batches 512 spans by default: well under 4 MB). */
  maxBodyBytes: number;
  /** Loaded on the first protobuf body: nothing of it is loaded for a process that never receives one. */
  protobuf: () => Promise<ProtobufDecoder>;
  /** Where received spans go; called once per accepted request. */
  onSpans(spans: ReceivedSpan[]): void;
}

/**
 * `POST /v1/traces`: OTLP/HTTP trace export, so an agent points its OpenTelemetry exporter at the inspector (or a
 * collector fans out to it). Protobuf (`application/x-protobuf`) and JSON (`application/json`), gzip or not. A body
 * that is not a trace export gets a 400 naming what was wrong, and nothing of it is stored.
 */
export class TraceReceiver {
  constructor(private readonly options: TraceReceiverOptions) {}

  claims(url: URL): boolean {
    return url.pathname === TRACES_PATH;
  }

  /** Handles the request when it is for this endpoint; returns false to let the caller serve it. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (!this.claims(url)) return false;
    const json = /\bjson\b/i.test(req.headers['content-type'] ?? '');
    const fail = (status: number, message: string, headers: Record<string, string> = {}) => {
      // OTLP/HTTP answers a failure with a google.rpc.Status; its JSON form serves a JSON client, text any other.
      if (json)
        res
          .writeHead(status, { 'content-type': 'application/json', ...headers })
          .end(JSON.stringify({ code: status === 400 ? 3 : 13, message }));
      else res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(`${message}\n`);
    };
    try {
      if (req.method !== 'POST')
        return (
          fail(405, `Method ${req.method} not allowed: ${TRACES_PATH} takes POST with an OTLP trace export.`, {
            allow: 'POST',
          }),
          true
        );
      const spans = await this.read(req, json);
      if (typeof spans === 'string')
        return (
          fail(
            spans.startsWith('Request body exceeds') ? 413 : spans.startsWith('Unsupported') ? 415 : 400,
            spans,
            spans.startsWith('Request body exceeds') ? { connection: 'close' } : {},
          ),
          true
        );
      this.options.onSpans(spans);
      // An empty ExportTraceServiceResponse: everything was accepted.
      if (json) res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      else res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    } catch (error) {
      console.error(`[traces] ${TRACES_PATH} failed:`, error);
      if (!res.headersSent) fail(500, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
    }
    return true;
  }

  /** The request's spans, or what was wrong with it. */
  private async read(req: IncomingMessage, json: boolean): Promise<ReceivedSpan[] | string> {
    const type = req.headers['content-type'] ?? '';
    const protobuf = /application\/(x-)?protobuf/i.test(type);
    if (!json && !protobuf)
      return `Unsupported content type "${type}": send application/x-protobuf or application/json (OTLP/HTTP).`;
    const limit = this.options.maxBodyBytes;
    const declared = Number(req.headers['content-length']);
    const raw = declared > limit ? 'too-large' : await readBody(req, limit);
    if (raw === 'too-large') return `Request body exceeds the ${limit} byte limit: export smaller batches.`;
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'gzip' && encoding !== 'identity')
      return `Unsupported content encoding "${encoding}": send gzip or none.`;
    let body: Buffer;
    try {
      // The limit holds for the inflated body too: a small gzip bomb must not fill the memory.
      body = encoding === 'gzip' ? await inflate(raw, { maxOutputLength: limit }) : raw;
    } catch (error) {
      return `The gzip body does not inflate${(error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? ` within the ${limit} byte limit` : ''}: ${(error as Error).message}`;
    }
    let request: unknown;
    try {
      request = json ? JSON.parse(body.toString('utf8')) : (await this.options.protobuf())(body);
    } catch (error) {
      return json
        ? `The body is not JSON: ${(error as Error).message}`
        : `The body is not an OTLP protobuf trace export: ${(error as Error).message}`;
    }
    try {
      return spansFromOtlpJson(request);
    } catch (error) {
      if (error instanceof OtlpFormatError) return `The body is not an OTLP trace export: ${error.message}`;
      throw error;
    }
  }
}
