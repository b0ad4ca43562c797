import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Workspace } from '../browser/context';
import type { TraceContextReading } from '../tracing/trace-context';
import type { CoreConfig } from '../config';
import type { StepDebug } from '../../shared/events';

/** What the MCP server knows of the request behind a call, for a stage that may hold it (src/main/debugger). */
export interface CallRequest {
  /** Aborted when the client cancels the request or goes away: a call still waiting must not start. */
  signal?: AbortSignal;
  /** Sends `notifications/progress` to the client; present only when the request carried a progressToken. */
  progress?(message: string): void;
  /** The JSON-RPC id of the request. */
  requestId?: string | number;
  /** The trace context the request carried in `params._meta`, read leniently (see tracing/trace-context.ts). */
  trace?: TraceContextReading;
}

/**
 * How a call runs, as a debugging stage around it decided. A host without such a stage gets none of these and runs
 * each call as it came.
 */
export interface CallOptions {
  /** Recorded with the call's step: how long it was held, the agent's own arguments when a person edited them. */
  debug?: StepDebug;
  /** Answer with this text (an error when `isError`) instead of running the call: published as a skipped step. */
  skip?: { text: string; isError: boolean };
  /**
   * What a person did by hand while the call was held: the answer begins with it and carries a fresh snapshot, so
   * the agent knows the page changed and its refs are current.
   */
  takeover?: string;
  /**
   * Asked once the call ran and before its step is published and its answer sent: a stage may hold the answer and
   * change it. Returns undefined at once when it lets the answer through as it is.
   */
  review?(outcome: CallOutcome): Promise<ReviewedAnswer | undefined> | undefined;
}

/** A call's answer as the agent would get it, and what the page did during the call. */
export interface CallOutcome {
  /** The step the call is published as. */
  seq: number;
  text: string;
  isError: boolean;
  /** Page errors and console errors the call's page logged, and requests that failed (network error, status ≥ 400). */
  consoleErrors: number;
  failedRequests: number;
}

/** What a stage that held an answer lets through. */
export interface ReviewedAnswer {
  /** Recorded with the step: answerHeld, and `sent` when a person changed the answer. */
  debug: StepDebug;
  /** The text the agent gets instead (a person's edit), with its error flag. */
  sent?: { text: string; isError: boolean };
}

/** A call looked at before it runs: what breakpoints test, and what a held call shows. */
export interface CallPreview {
  /** The arguments as they may be shown and recorded: secrets masked. */
  args: Record<string, unknown>;
  /** The page the call would act on. */
  url?: string;
  /** Each element argument: the ref or selector, and the role and name of the element a ref stands for. */
  targets: { target: string; role?: string; name?: string }[];
}

export interface PreviewOptions {
  /** The arguments are about to be shown and recorded: a value the call would type into a sensitive field is masked from now on. */
  held?: boolean;
  /** Also find the role and name of the element a selector target stands for (a look at the page; refs need none). */
  selectors?: boolean;
}

/** What an MCP server needs from the session behind it: our own tools (McpSession), or a proxied server's. */
export interface ToolHost {
  readonly id: string;
  listTools(): Tool[] | Promise<Tool[]>;
  callTool(
    name: string,
    args: Record<string, unknown>,
    options?: CallOptions,
    request?: CallRequest,
  ): Promise<CallToolResult>;
  /** Gets ready for the first call (a proxy starts its upstream); rejects when it cannot. */
  start?(): Promise<void>;
  /** Waits for its running call and releases what it holds; the core publishes the session's end after it. */
  close(): Promise<void>;
  /** Looks at a call before it runs, without acting on the page. */
  preview?(name: string, args: Record<string, unknown>, options?: PreviewOptions): Promise<CallPreview>;
  /** Checks arguments as the call itself would: the error the agent would get, or undefined when they are valid. */
  checkArgs?(name: string, args: Record<string, unknown>): Promise<string | undefined>;
  /** Secrets masked in `args` (`<secret>NAME</secret>`) put back, so that arguments a person edited type the real value. */
  unmask?(args: Record<string, unknown>): Record<string, unknown>;
  /** Every secret the session knows (its --secrets, the values it learned were secret) masked in plain data. */
  mask?<T>(value: T): T;
}

/**
 * What the MCP layer needs from the core (InspectorCore implements it): sessions made and closed for each client
 * connection. The MCP layer sees only this, so it never imports the core that imports it.
 */
export interface SessionHost {
  readonly config: Pick<CoreConfig, 'outputDir'>;
  createSession(transport: string, workspace: () => Promise<Workspace>, clientName?: string): ToolHost;
  closeSession(session: ToolHost): Promise<void>;
}
