// @ts-check
// Plain JavaScript so the benchmarks (node bench/*.js) and the TypeScript tests share it.

/** @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} Listener */

/**
 * A request listener for `createServer` from an async one. Node drops what a listener returns, so a failure would be
 * an unhandled rejection that ends the process far from the request; here it is logged and the request fails: a 500,
 * or the connection cut when the response has begun.
 * @param {(...args: Parameters<Listener>) => Promise<unknown>} handle
 * @returns {Listener}
 */
export function asyncListener(handle) {
  return (req, res) => {
    handle(req, res).catch(error => {
      console.error(`${req.method} ${req.url} failed:`, error);
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  };
}
