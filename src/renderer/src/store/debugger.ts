import type { BridgeEvent } from '../../../shared/bridge';
import type { Breakpoint, SessionDebugState } from '../../../shared/debugger';
import { inspector } from '../bridge/inspector';
import { attempt } from './attempt';
import type { Slice, Store } from './types';

/** What a person wrote over a held answer, before Step or Continue sends it (see debugStep). */
export interface AnswerDraft {
  sessionId: string;
  holdId: number;
  text: string;
  isError: boolean;
}

export interface AnnotationBox {
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
}

/** The live debugger (src/main/debugger) as the UI sees it: each live session's pause state and the breakpoints. */
export interface DebuggerSlice {
  /** By session id: paused or not, the call it holds, an annotation request. Live sessions only. */
  debug: Readonly<Record<string, SessionDebugState>>;
  breakpoints: Breakpoint[];
  /** --pause-timeout: how long a held call waits for a person before it goes on as the agent sent it. */
  pauseTimeoutMs?: number;
  answerDraft?: AnswerDraft;
  /** The page view picked Now by itself when a call was held: it goes back to the step's pictures once released. */
  nowPicked?: boolean;
  loadDebug(): Promise<void>;
  applyDebugEvent(event: Extract<BridgeEvent, { type: 'debug' | 'breakpoints' | 'call-held' | 'call-released' }>): void;
  forgetDebug(sessionId: string): void;
  debugPause(sessionId: string): Promise<void>;
  /** Sends a changed answer draft first, so the agent gets what the person wrote. */
  debugStep(sessionId: string): Promise<void>;
  debugContinue(sessionId: string): Promise<void>;
  /** Resolves to the server's refusal (shown in the Edit arguments dialog), or undefined once applied. */
  debugEditArgs(sessionId: string, holdId: number, json: string): Promise<string | undefined>;
  debugSkip(sessionId: string, holdId: number, text: string, isError: boolean): Promise<boolean>;
  setAnswerDraft(draft: AnswerDraft | undefined): void;
  /** Resolves to the server's refusal (shown under the field), or undefined once added. */
  breakpointAdd(condition: string, sessionId?: string): Promise<string | undefined>;
  breakpointUpdate(id: string, change: { enabled?: boolean; sessionId?: string | null }): Promise<void>;
  breakpointRemove(id: string): Promise<void>;
  annotationSubmit(
    sessionId: string,
    requestId: string,
    note: string,
    boxes: AnnotationBox[],
    base64: string,
  ): Promise<boolean>;
  annotationCancel(sessionId: string, requestId: string): Promise<void>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const seconds = (ms: number) => (ms < 60_000 ? `${Math.round(ms / 1_000)} s` : `${Math.round(ms / 60_000)} min`);

/** The tool of each hold seen, so a release (which names only its hold) can be told in words. */
const heldTools = new Map<string, string>();

function releaseToast(get: () => Store, event: Extract<BridgeEvent, { type: 'call-released' }>) {
  const tool = heldTools.get(`${event.sessionId}:${event.holdId}`) ?? 'The held call';
  heldTools.delete(`${event.sessionId}:${event.holdId}`);
  const timeout = seconds(get().pauseTimeoutMs ?? event.heldMs);
  if (event.how === 'timeout') {
    get().toast(
      event.phase === 'call'
        ? `${tool} was held longer than --pause-timeout (${timeout}): it ran as the agent sent it.`
        : `The held answer of ${tool} went out as the call gave it: nobody sent it within --pause-timeout (${timeout}).`,
      'info',
    );
  } else if (event.how === 'disconnected') {
    get().toast(`The agent's client left while ${tool} was held: nothing ran.`, 'info');
  } else if (event.how === 'cancelled') {
    get().toast(`The agent cancelled ${tool} while it was held: nothing ran.`, 'info');
  }
}

export const debuggerSlice: Slice<DebuggerSlice> = (set, get) => {
  /** The state a debug command answers with reaches the store by the `debug` event, sent on every change. */
  const act = async (call: Promise<unknown>) => {
    await attempt(get, call);
  };
  const heldId = (sessionId: string) => get().debug[sessionId]?.held?.holdId;

  /** A new hold in the open session shows the page as it is now; once released, the step's pictures again. */
  const followHold = (sessionId: string, before: SessionDebugState | undefined, state: SessionDebugState) => {
    if (sessionId !== get().openSessionId) return;
    if (state.held && state.held.holdId !== before?.held?.holdId) set({ pageShot: 'now', nowPicked: true });
    else if (!state.paused && get().nowPicked) set({ pageShot: undefined, nowPicked: false });
  };

  /** An agent asking for a person in a session nobody has open: say so. */
  const announce = (sessionId: string, before: SessionDebugState | undefined, state: SessionDebugState) => {
    const request = state.annotation;
    if (!request || request.requestId === before?.annotation?.requestId || sessionId === get().openSessionId) return;
    const session = get().sessions.find(candidate => candidate.id === sessionId);
    get().toast(
      `${session?.clientName ?? 'An agent'} asks you to annotate its page (${request.title || request.url}): open its session to answer.`,
      'info',
    );
  };

  return {
    debug: {},
    breakpoints: [],
    async loadDebug() {
      const state = await attempt(get, inspector.invoke('debugState', {}));
      if (!state) return;
      for (const [id, session] of Object.entries(state.sessions))
        if (session.held) heldTools.set(`${id}:${session.held.holdId}`, session.held.tool);
      set({ debug: state.sessions, breakpoints: state.breakpoints, pauseTimeoutMs: state.pauseTimeoutMs });
    },
    applyDebugEvent(event) {
      switch (event.type) {
        case 'debug': {
          const before = get().debug[event.sessionId];
          if (event.state.held) heldTools.set(`${event.sessionId}:${event.state.held.holdId}`, event.state.held.tool);
          set({ debug: { ...get().debug, [event.sessionId]: event.state } });
          if (
            get().answerDraft?.sessionId === event.sessionId &&
            get().answerDraft?.holdId !== event.state.held?.holdId
          )
            set({ answerDraft: undefined });
          followHold(event.sessionId, before, event.state);
          announce(event.sessionId, before, event.state);
          return;
        }
        case 'breakpoints':
          set({ breakpoints: event.breakpoints });
          return;
        case 'call-held':
          heldTools.set(`${event.sessionId}:${event.holdId}`, event.tool);
          return;
        case 'call-released':
          releaseToast(get, event);
          return;
      }
    },
    forgetDebug(sessionId) {
      if (!get().debug[sessionId]) return;
      const { [sessionId]: _gone, ...rest } = get().debug;
      set({ debug: rest });
    },
    debugPause: sessionId => act(inspector.invoke('debugPause', { sessionId })),
    async debugStep(sessionId) {
      if (!(await sendDraft(get, sessionId))) return;
      await act(inspector.invoke('debugStep', { sessionId, holdId: heldId(sessionId) }));
    },
    async debugContinue(sessionId) {
      if (!(await sendDraft(get, sessionId))) return;
      await act(inspector.invoke('debugContinue', { sessionId, holdId: heldId(sessionId) }));
    },
    async debugEditArgs(sessionId, holdId, json) {
      try {
        await inspector.invoke('debugEditArgs', { sessionId, holdId, json });
        return undefined;
      } catch (error) {
        return message(error);
      }
    },
    async debugSkip(sessionId, holdId, text, isError) {
      return (await attempt(get, inspector.invoke('debugSkip', { sessionId, holdId, text, isError }))) !== undefined;
    },
    setAnswerDraft(answerDraft) {
      set({ answerDraft });
    },
    async breakpointAdd(condition, sessionId) {
      try {
        set({ breakpoints: await inspector.invoke('breakpointAdd', { condition, ...(sessionId && { sessionId }) }) });
        return undefined;
      } catch (error) {
        return message(error);
      }
    },
    async breakpointUpdate(id, change) {
      // Shown changed at once (a checkbox follows the click); the core's list replaces it, or the old one comes back.
      const before = get().breakpoints;
      set({
        breakpoints: before.map(breakpoint =>
          breakpoint.id !== id
            ? breakpoint
            : {
                ...breakpoint,
                ...(change.enabled !== undefined && { enabled: change.enabled }),
                ...(change.sessionId !== undefined && { sessionId: change.sessionId ?? undefined }),
              },
        ),
      });
      const breakpoints = await attempt(get, inspector.invoke('breakpointUpdate', { id, ...change }));
      set({ breakpoints: breakpoints ?? before });
    },
    async breakpointRemove(id) {
      const breakpoints = await attempt(get, inspector.invoke('breakpointRemove', { id }));
      if (breakpoints) set({ breakpoints });
    },
    async annotationSubmit(sessionId, requestId, note, boxes, base64) {
      const annotations = boxes.map(({ x, y, width, height, text }) => ({ x, y, width, height, text }));
      const sent = await attempt(
        get,
        inspector.invoke('annotationSubmit', {
          sessionId,
          requestId,
          note,
          annotations,
          image: { mimeType: 'image/png', base64 },
        }),
      );
      return sent !== undefined;
    },
    annotationCancel: (sessionId, requestId) => act(inspector.invoke('annotationCancel', { sessionId, requestId })),
  };
};

/**
 * The person's edit of a held answer, sent before the answer goes (Step, Continue, F7, F9 all send it). False when the
 * server refused it: nothing is released then.
 */
async function sendDraft(get: () => Store, sessionId: string): Promise<boolean> {
  const draft = get().answerDraft;
  const held = get().debug[sessionId]?.held;
  if (!draft || draft.sessionId !== sessionId || !held?.answer || draft.holdId !== held.holdId) return true;
  if (draft.text === held.answer.text && draft.isError === held.answer.isError) return true;
  const { holdId, text, isError } = draft;
  return (await attempt(get, inspector.invoke('debugEditAnswer', { sessionId, holdId, text, isError }))) !== undefined;
}
