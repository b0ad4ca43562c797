import type { IncomingMessage } from 'node:http';

/**
 * Buffers the request body up to `limit` bytes. Past the limit it stops buffering and resolves `too-large` at once,
 * so a huge upload costs no memory; the rest of the body is left for Node to discard after the response.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = () => req.off('data', onData).off('end', onEnd).off('error', reject).off('close', onClose);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        settle();
        resolve('too-large');
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      settle();
      resolve(Buffer.concat(chunks));
    };
    // Without this a client hanging up mid-body would leave the promise pending forever.
    const onClose = () => {
      settle();
      reject(new Error('the client closed the connection before sending the whole body'));
    };
    req.on('data', onData).on('end', onEnd).on('error', reject).on('close', onClose);
  });
}
