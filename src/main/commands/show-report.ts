import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serveStatic } from '../http-server';
import { closeOnExit, log } from './process';
import { openAppWindow } from './serve';

export interface ShowReportOptions {
  port: number;
  host: string;
  open: boolean;
}

/**
 * `agent-inspector show-report [dir]`: serves a report written by `report` (it also opens from file://; a server is
 * for hosts where double-clicking is not an option, and for browsers that restrict file:// pages) and opens it.
 */
export async function runShowReport(dir: string, options: ShowReportOptions) {
  const root = resolve(dir);
  if (!existsSync(join(root, 'data', 'index.js')) || !existsSync(join(root, 'index.html'))) {
    throw new Error(
      `${dir} is not a report (it has no index.html and data/index.js): write one with agent-inspector report -o ${dir}`,
    );
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://report');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('A report is read-only: GET only.');
      return;
    }
    serveStatic(res, url, root, url.pathname);
  });
  await new Promise<void>((done, fail) => server.once('error', fail).listen(options.port, options.host, done));
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${port}/`;
  log(`Serving ${dir} at ${url} (Ctrl+C to stop)`);
  if (!/^(127\.|\[?::1\]?$|localhost$)/.test(options.host))
    log(`--host ${options.host}: anyone who can reach this machine can read the report.`);
  if (options.open) openAppWindow(url, undefined);
  closeOnExit(() => new Promise<void>(done => server.close(() => done())));
}
