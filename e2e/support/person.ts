import { createServer } from 'node:net';
import { WebSocket } from 'ws';

const pause = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/**
 * A person at the controlled browser: real input dispatched over the page's own DevTools connection, outside the
 * inspector and its Playwright (the browser is launched with a debugging port for this), as trusted as a mouse.
 */
export class Person {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', data => {
      const message = JSON.parse(String(data));
      const call = this.pending.get(message.id);
      if (!call) return;
      this.pending.delete(message.id);
      if (message.error) call.reject(new Error(message.error.message));
      else call.resolve(message.result);
    });
  }

  /** Attaches to the page whose URL ends with `path`. */
  static async at(port: number, path: string): Promise<Person> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      type: string;
      url: string;
      webSocketDebuggerUrl: string;
    }[];
    const target = targets.find(t => t.type === 'page' && t.url.endsWith(path));
    if (!target) throw new Error(`No page at ${path}: ${targets.map(t => t.url).join(', ')}`);
    const socket = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new Person(socket);
  }

  private send(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = ++this.nextId;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  /** Presses and releases the left button at the centre of the element, with a person's pause in between. */
  async click(selector: string) {
    const { result } = (await this.send('Runtime.evaluate', {
      expression: `(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`,
      returnByValue: true,
    })) as { result: { value: unknown } };
    const [x, y] = result.value as [number, number];
    await this.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 });
    await pause(50);
    await this.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 });
  }

  type(text: string) {
    return this.send('Input.insertText', { text });
  }

  /** A key without text (Tab, Enter, End) or a printable one (`text`). */
  async press(key: string, keyCode: number, text?: string) {
    await this.send('Input.dispatchKeyEvent', {
      type: text ? 'keyDown' : 'rawKeyDown',
      key,
      code: key,
      windowsVirtualKeyCode: keyCode,
      text,
    });
    await this.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code: key, windowsVirtualKeyCode: keyCode });
  }

  close() {
    this.socket.close();
  }
}

/** A loopback port nothing listens on (yet): for a browser's --remote-debugging-port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      })
      .on('error', reject);
  });
}
