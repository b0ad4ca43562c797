import type { z } from 'zod';
import type { DEBUG_INPUTS, DebugOutputs } from '../../shared/debugger';
import type { Debugger } from '../debugger/debugger';

type Handlers = { [C in keyof DebugOutputs]: (input: z.output<(typeof DEBUG_INPUTS)[C]>) => Promise<DebugOutputs[C]> };

const OFF =
  'The live debugger is off in this process: it runs where a person can act on sessions (serve, the app, or mcp --ui).';

/**
 * The live debugger's bridge commands (shared/debugger.ts) over the core's Debugger: pause, step, continue, edit,
 * skip, breakpoints and annotation answers, and the page as it is now for the page view of a held session.
 */
export class DebugCommands {
  constructor(
    private readonly debug: () => Debugger | undefined,
    /** The viewport of a session running in this process, as it is now. */
    private readonly pageNow: (sessionId: string) => Promise<Buffer | undefined>,
  ) {}

  readonly handlers: Handlers = {
    debugState: async () => this.debugger().state(),
    debugPause: async ({ sessionId }) => this.on(sessionId, session => session.pause()),
    debugStep: async ({ sessionId, holdId }) => this.on(sessionId, session => session.step(holdId)),
    debugContinue: async ({ sessionId, holdId }) => this.on(sessionId, session => session.continue(holdId)),
    debugEditArgs: async ({ sessionId, holdId, json }) => this.on(sessionId, session => session.editArgs(holdId, json)),
    debugSkip: async ({ sessionId, holdId, text, isError }) =>
      this.on(sessionId, session => session.skip(holdId, text, isError)),
    debugEditAnswer: async ({ sessionId, holdId, text, isError }) =>
      this.on(sessionId, session => session.editAnswer(holdId, text, isError)),
    breakpointAdd: async ({ condition, sessionId }) => {
      this.debugger().breakpoints.add(condition, { sessionId });
      return this.debugger().breakpoints.list();
    },
    breakpointUpdate: async ({ id, enabled, sessionId }) => {
      this.debugger().breakpoints.update(id, { enabled, sessionId });
      return this.debugger().breakpoints.list();
    },
    breakpointRemove: async ({ id }) => {
      this.debugger().breakpoints.remove(id);
      return this.debugger().breakpoints.list();
    },
    pageNow: async ({ sessionId }) => {
      const data = await this.pageNow(sessionId);
      return data ? { mimeType: 'image/jpeg', base64: data.toString('base64') } : null;
    },
    annotationSubmit: async ({ sessionId, requestId, note, annotations, image }) =>
      this.debugger().submitAnnotation(sessionId, requestId, {
        note,
        annotations,
        image: Buffer.from(image.base64, 'base64'),
      }),
    annotationCancel: async ({ sessionId, requestId }) => this.debugger().cancelAnnotation(sessionId, requestId),
  };

  private debugger(): Debugger {
    const debug = this.debug();
    if (!debug) throw new Error(OFF);
    return debug;
  }

  private async on(sessionId: string, act: (session: ReturnType<Debugger['session']>) => void | Promise<void>) {
    const session = this.debugger().session(sessionId);
    await act(session);
    return session.state();
  }
}
