import { z } from 'zod';

/**
 * The live debugger's contract (src/main/debugger): breakpoint conditions, what a held call looks like, and the
 * bridge commands that pause, step, continue, edit, skip and answer annotation requests. Shared by the core, the CLI
 * (`--pause-on`) and the UI, which all read conditions with the one parser below.
 */

/** When a breakpoint pauses a session: before a call runs (tool, target, url) or after it ran (error, console-error, text). */
export type BreakCondition =
  | { kind: 'tool'; tools: string[] }
  | { kind: 'target'; text: string }
  | { kind: 'url'; glob: string }
  | { kind: 'error' }
  | { kind: 'console-error' }
  | { kind: 'text'; text: string };

export const CONDITION_FORMS = 'tool:<name>[,<name>…], target:<text>, url:<glob>, error, console-error, text:<string>';

const MAX_CONDITION = 1_000;

/** Reads a condition as typed; throws an Error naming the accepted forms when it is none of them. */
export function parseCondition(input: string): BreakCondition {
  const text = input.trim();
  const refuse = (why: string): never => {
    throw new Error(
      `Invalid breakpoint condition ${JSON.stringify(clip(text))}: ${why}. Accepted forms: ${CONDITION_FORMS}.`,
    );
  };
  if (!text) refuse('it is empty');
  if (text.length > MAX_CONDITION) refuse(`it is longer than ${MAX_CONDITION.toLocaleString('en-US')} characters`);
  if (text === 'error' || text === 'console-error') return { kind: text };
  const colon = text.indexOf(':');
  const kind = colon < 0 ? text : text.slice(0, colon);
  const value = colon < 0 ? '' : text.slice(colon + 1).trim();
  switch (kind) {
    case 'tool': {
      const tools = value
        .split(',')
        .map(name => name.trim())
        .filter(Boolean);
      if (!tools.length) refuse('tool: needs at least one tool name');
      const bad = tools.find(name => !/^[\w.-]+$/.test(name));
      if (bad) refuse(`"${clip(bad)}" is not a tool name`);
      return { kind: 'tool', tools };
    }
    case 'target':
    case 'text':
      if (!value) refuse(`${kind}: needs the text to look for`);
      return { kind, text: value };
    case 'url':
      if (!value) refuse('url: needs a glob such as *://*/checkout*');
      return { kind: 'url', glob: value };
    case 'error':
    case 'console-error':
      return refuse(`${kind} takes no value`);
    default:
      return refuse(`"${clip(kind)}" is not a kind of condition`);
  }
}

/** The condition written back in its canonical form (what the panel lists and the recording keeps). */
export function conditionText(condition: BreakCondition): string {
  switch (condition.kind) {
    case 'tool':
      return `tool:${condition.tools.join(',')}`;
    case 'target':
    case 'text':
      return `${condition.kind}:${condition.text}`;
    case 'url':
      return `url:${condition.glob}`;
    default:
      return condition.kind;
  }
}

/** Conditions read on the answer, once the call ran (the answer is held before the agent gets it). */
export const isAnswerCondition = (condition: BreakCondition) =>
  condition.kind === 'error' || condition.kind === 'console-error' || condition.kind === 'text';

/** `*` any run of characters (slashes included), `?` one character; the whole URL must match, in any case. */
export function globRegExp(glob: string): RegExp {
  const pattern = glob
    .split('')
    .map(char => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`, 'i');
}

export const globMatches = (glob: string, url: string) => globRegExp(glob).test(url);

const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

export interface Breakpoint {
  id: string;
  /** The condition in canonical form (conditionText). */
  condition: string;
  enabled: boolean;
  /** Only this session pauses on it; absent: every session. */
  sessionId?: string;
  /** How many times it paused a session. */
  hits: number;
  /** Given on the command line (`--pause-on`) rather than in the panel. */
  fromFlag?: true;
}

/** Why a call is held. */
export type HoldReason =
  | { kind: 'paused' }
  | { kind: 'step' }
  | { kind: 'start' }
  | { kind: 'breakpoint'; breakpoint: string; condition: string };

export function describeHold(reason: HoldReason): string {
  switch (reason.kind) {
    case 'paused':
      return 'paused by a person';
    case 'step':
      return 'stepping';
    case 'start':
      return 'paused on start (--pause-on-start)';
    case 'breakpoint':
      return `breakpoint ${reason.condition}`;
  }
}

/** A call the debugger holds: before it runs (`call`), or after, with the answer not yet sent (`answer`). */
export interface HeldCall {
  holdId: number;
  phase: 'call' | 'answer';
  tool: string;
  /** What will run (secrets masked): the agent's arguments, or a person's edit of them. */
  args: Record<string, unknown>;
  /** The agent's own arguments, once a person edited them. */
  originalArgs?: Record<string, unknown>;
  reason: HoldReason;
  since: number;
  /** When --pause-timeout lets the call go on as it stands. */
  deadline: number;
  /** The tool's input schema (JSON Schema), which an edit is checked against. */
  inputSchema?: Record<string, unknown>;
  /** `answer`: the text the agent is about to receive, and the call's own when a person edited it. */
  answer?: { text: string; isError: boolean; original?: { text: string; isError: boolean } };
  /** What a person did by hand in the browser while the call was held (it runs with a note saying so). */
  takeover: string[];
}

/** `browser_annotate` waiting for a person to draw on the session's page. */
export interface AnnotationRequest {
  requestId: string;
  since: number;
  url: string;
  title: string;
  /** The viewport when the request came, at CSS pixel scale: what the boxes are drawn on. */
  screenshot: { mimeType: string; base64: string };
  viewport: { width: number; height: number };
}

export interface SessionDebugState {
  /** The session's next call will be held. */
  paused: boolean;
  held?: HeldCall;
  annotation?: AnnotationRequest;
  /** A person can act in the session's browser and be told to the agent (not in proxy mode: the browser is not ours). */
  takeover: boolean;
}

export interface DebuggerState {
  sessions: Record<string, SessionDebugState>;
  breakpoints: Breakpoint[];
  pauseTimeoutMs: number;
  pauseOnStart: boolean;
}

/** What the agent gets when a person skips its call without writing anything. */
export const DEFAULT_SKIP_TEXT = 'The call was skipped by a person in the inspector; nothing ran.';

const sessionId = z.string().min(1, 'sessionId must not be empty').max(200);
const holdId = z.number().int().positive('holdId must be a positive whole number');
const text = (what: string) => z.string().max(1_000_000, `${what} is longer than 1,000,000 characters`);
const box = z.number().finite().min(-100_000).max(100_000);

export const DEBUG_INPUTS = {
  /** Every session's pause state and held call, and the breakpoints. */
  debugState: z.strictObject({}),
  /** Hold the session's next call. */
  debugPause: z.strictObject({ sessionId }),
  /** Run the held call (or send the held answer) and hold the next call; `holdId` guards against a call that moved on. */
  debugStep: z.strictObject({ sessionId, holdId: holdId.optional() }),
  /** Run the held call (or send the held answer) and stop holding. */
  debugContinue: z.strictObject({ sessionId, holdId: holdId.optional() }),
  /** Replace the held call's arguments: JSON text, checked against the tool's input schema; nothing runs. */
  debugEditArgs: z.strictObject({ sessionId, holdId, json: text('json') }),
  /** Answer the agent without running the held call. */
  debugSkip: z.strictObject({ sessionId, holdId, text: text('text').optional(), isError: z.boolean().optional() }),
  /** Replace the text of the held answer (and whether it is an error) before it is sent. */
  debugEditAnswer: z.strictObject({ sessionId, holdId, text: text('text'), isError: z.boolean().optional() }),
  breakpointAdd: z.strictObject({ condition: z.string().max(MAX_CONDITION + 100), sessionId: sessionId.optional() }),
  breakpointUpdate: z.strictObject({
    id: z.string().min(1).max(100),
    enabled: z.boolean().optional(),
    sessionId: sessionId.nullable().optional(),
  }),
  breakpointRemove: z.strictObject({ id: z.string().min(1).max(100) }),
  /** The session's page as it is now (viewport, CSS pixels): the page view while a session is held. */
  pageNow: z.strictObject({ sessionId }),
  annotationSubmit: z.strictObject({
    sessionId,
    requestId: z.string().min(1).max(100),
    note: text('note'),
    annotations: z
      .array(
        z.strictObject({ x: box, y: box, width: box.nonnegative(), height: box.nonnegative(), text: text('text') }),
      )
      .max(100, 'at most 100 annotations'),
    /** The screenshot with the boxes drawn, as PNG. */
    image: z.strictObject({
      mimeType: z.literal('image/png'),
      base64: z
        .string()
        .max(12_000_000, 'the image is larger than 9 MB')
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64 must be base64'),
    }),
  }),
  annotationCancel: z.strictObject({ sessionId, requestId: z.string().min(1).max(100) }),
} satisfies Record<string, z.ZodType>;

export interface DebugOutputs {
  debugState: DebuggerState;
  debugPause: SessionDebugState;
  debugStep: SessionDebugState;
  debugContinue: SessionDebugState;
  debugEditArgs: SessionDebugState;
  debugSkip: SessionDebugState;
  debugEditAnswer: SessionDebugState;
  breakpointAdd: Breakpoint[];
  breakpointUpdate: Breakpoint[];
  breakpointRemove: Breakpoint[];
  pageNow: { mimeType: string; base64: string } | null;
  annotationSubmit: SessionDebugState;
  annotationCancel: SessionDebugState;
}

/** The debugger's commands a read-only viewer may invoke: watching, never acting. */
export const DEBUG_VIEWER_COMMANDS = ['debugState', 'pageNow'] as const;
