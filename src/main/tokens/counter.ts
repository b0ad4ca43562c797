import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { TOKEN_ENCODING } from '../../shared/tokens';

/** Texts longer than this are counted in pieces of at most this many characters (see the worker). */
export const COUNT_PIECE = 8_000;

/**
 * The worker's whole program. It is given as source (`eval`) rather than as a file so that it runs the same from the
 * built bundle and from TypeScript tests; it loads the tokenizer by the absolute path the main side resolved.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { countTokens } = require(workerData.tokenizer);
// BPE is quadratic in the length of one word: 50,000 characters without a space take seconds, a megabyte an hour, and
// every later count waits behind it. Long texts are counted in pieces cut before a space where there is one (exact:
// the tokenizer splits words there anyway), else at the piece size (a long run, off by a token or so per cut).
const PIECE = ${COUNT_PIECE};
function count(text) {
  if (text.length <= PIECE) return countTokens(text);
  let total = 0;
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + PIECE);
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > start + PIECE / 2) end = space;
    }
    total += countTokens(text.slice(start, end));
    start = end;
  }
  return total;
}
parentPort.on('message', ({ id, texts }) => {
  try {
    parentPort.postMessage({ id, counts: texts.map(count) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

type Reply = { id: number; counts: number[] } | { id: number; error: string };

/**
 * Counts model tokens (TOKEN_ENCODING) in a worker thread: a megabyte of HTML takes a third of a second to encode,
 * which must not stall the event loop that answers tool calls. The worker starts on first use and only keeps the
 * process alive while it has work. A failure is reported once; counts then reject, and callers go without.
 */
export class TokenCounter {
  private worker?: Worker;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(counts: number[]): void; reject(error: Error): void }>();
  private failure?: Error;

  /** `tokenizer`: the module the worker counts with (a path, as `require` takes it); the encoding's own by default. */
  constructor(
    private readonly tokenizer = createRequire(import.meta.url).resolve(`gpt-tokenizer/encoding/${TOKEN_ENCODING}`),
  ) {}

  /** The number of tokens in each text, in order. */
  count(texts: string[]): Promise<number[]> {
    if (this.failure) return Promise.reject(this.failure);
    const worker = this.started();
    const id = ++this.nextId;
    if (!this.pending.size) worker.ref();
    return new Promise<number[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, texts });
    });
  }

  /** Stops the worker; a later count starts another. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    for (const waiting of this.pending.values()) waiting.reject(new Error('The token counter was closed.'));
    this.pending.clear();
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { tokenizer: this.tokenizer } });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (!this.pending.size) worker.unref();
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.counts);
    });
    worker.on('error', error => this.fail(error));
    worker.on('exit', code => {
      if (this.worker === worker && code !== 0) this.fail(new Error(`the token counter exited with code ${code}`));
      if (this.worker === worker) this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }

  private fail(error: Error) {
    if (!this.failure) console.error(`[tokens] counting failed, steps go without token counts: ${error.message}`);
    this.failure = error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/** The process's one counter: step counts and negotiation rounds share it, so they count alike. */
export const tokenCounter = new TokenCounter();
