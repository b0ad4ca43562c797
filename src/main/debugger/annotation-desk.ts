import { randomUUID } from 'node:crypto';
import type { AnnotationRequest } from '../../shared/debugger';
import { NoPersonError, type AnnotationAnswer, type AnnotationPage, type PersonDesk } from '../mcp/person-desk';
import type { CallRequest } from '../mcp/tool-host';
import { Hold } from './hold';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A session's desk where `browser_annotate` asks a person: the request is shown on the session's page view, and the
 * call waits as a held call does (progress to the client, --pause-timeout, nothing left behind if the client goes).
 */
export class AnnotationDesk implements PersonDesk {
  private pending?: { request: AnnotationRequest; hold: Hold; answer?: AnnotationAnswer };

  constructor(
    private readonly hub: { readonly pauseTimeoutMs: number; watched(): boolean },
    /** The request of the call that asks (browser_annotate): its progress and its cancellation. */
    private readonly running: () => CallRequest | undefined,
    private readonly changed: () => void,
  ) {}

  get request(): AnnotationRequest | undefined {
    return this.pending?.request;
  }

  async annotate(page: AnnotationPage): Promise<AnnotationAnswer | 'cancelled' | 'timeout'> {
    if (!this.hub.watched()) {
      throw new NoPersonError(
        'No person is watching this session in the inspector: open its UI (agent-inspector serve, mcp --ui, or the app) and call browser_annotate again.',
      );
    }
    if (this.pending) throw new Error('An annotation request is already open for this session.');
    const hold = new Hold(
      this.hub.pauseTimeoutMs,
      this.running(),
      () => 'Waiting in the inspector for a person to annotate the page.',
    );
    const request: AnnotationRequest = {
      requestId: randomUUID(),
      since: hold.since,
      url: page.url,
      title: page.title,
      screenshot: { mimeType: 'image/png', base64: page.screenshot.toString('base64') },
      viewport: page.viewport,
    };
    const pending: { request: AnnotationRequest; hold: Hold; answer?: AnnotationAnswer } = { request, hold };
    this.pending = pending;
    this.changed();
    const release = await hold.released;
    this.pending = undefined;
    this.changed();
    if (release.how === 'continue' && pending.answer) return pending.answer;
    return release.how === 'timeout' ? 'timeout' : 'cancelled';
  }

  submit(requestId: string, answer: AnnotationAnswer): void {
    const pending = this.open(requestId);
    if (!answer.image.subarray(0, PNG.length).equals(PNG)) throw new Error('The annotated image must be a PNG.');
    pending.answer = answer;
    pending.hold.release({ how: 'continue' });
  }

  cancel(requestId: string): void {
    this.open(requestId).hold.release({ how: 'cancelled' });
  }

  close(): void {
    this.pending?.hold.release({ how: 'disconnected' });
  }

  private open(requestId: string) {
    if (!this.pending || this.pending.request.requestId !== requestId)
      throw new Error('That annotation request is no longer open: the agent stopped waiting for it.');
    return this.pending;
  }
}
