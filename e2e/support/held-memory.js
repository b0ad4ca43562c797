// @ts-check
// What a Node process (a server started with --inspect=127.0.0.1:0) still holds after a full garbage collection.
// Plain JavaScript so the benchmarks (node bench/*.js) and the TypeScript tests share it.
import { readFile } from 'node:fs/promises';
import WebSocket from 'ws';

/** The inspector address a process started with --inspect prints on stderr. */
export const INSPECTOR_ADDRESS = /ws:\/\/127\.0\.0\.1:\d+\/[\w-]+/;

/**
 * Opens the process's inspector. `measure()` collects its garbage (three full collections, a pause between, so that
 * finalizers and weak references settle) and returns, in MB: V8's heap in use, memory outside it (buffers), and RSS.
 * RSS alone would count garbage already given back: the allocator keeps freed pages for a while.
 * @param {string} address the ws:// inspector address
 * @param {number} pid the process, for its RSS
 */
export async function heldMemory(address, pid) {
  const socket = new WebSocket(address);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 0;
  /** @param {string} method @param {object} [params] @returns {Promise<any>} */
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      /** @param {import('ws').RawData} data */
      const onMessage = data => {
        const message = JSON.parse(String(data));
        if (message.id !== id) return;
        socket.off('message', onMessage);
        message.error ? reject(new Error(message.error.message)) : resolve(message.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async measure() {
      for (let i = 0; i < 3; i++) {
        await send('HeapProfiler.collectGarbage');
        await new Promise(resolve => setTimeout(resolve, 300));
      }
      const { result } = await send('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      });
      const { heapUsed, external } = JSON.parse(result.value);
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
      return { heap: heapUsed / 2 ** 20, external: external / 2 ** 20, rss: rssKb / 1024 };
    },
    close() {
      socket.close();
    },
  };
}
