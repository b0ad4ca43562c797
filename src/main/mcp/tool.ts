import { z } from 'zod';
import type { Context } from '../browser/context';
import type { Capability } from '../config';
import type { ModalState, Tab } from '../browser/tab';
import type { ToolInvocation } from '../negotiation/action-tools';
import type { ClientLoopOptions, NegotiationError, PlannedStep } from '../negotiation/client-loop';
import type { InspectorEvent } from '../../shared/events';
import type { ParsedResponse } from '../../shared/response';
import type { PersonDesk } from './person-desk';
import type { Response } from './response';

/** What a tool run on another tool's behalf produced. */
export interface NestedToolResult {
  isError: boolean;
  /** Redacted, as the agent would have seen them. */
  sections: ParsedResponse;
  response: Response;
}

/** The session a tool runs in, for tools that plan (browser_interact) or act through other tools. */
export interface ToolSession {
  readonly id: string;
  /**
   * Plans one step with the session's planner (browser_interact), and the tool call that carries it out; `failure`
   * when negotiation ends without an action (its rounds so far kept). Other errors reject.
   */
  planStep(
    options: Omit<ClientLoopOptions, 'planner'>,
  ): Promise<{ step: PlannedStep; invocation?: ToolInvocation } | { failure: NegotiationError }>;
  /**
   * Runs another tool within this call (calls are serialized, so it cannot queue behind it). It is validated,
   * executed and published on the bus as its own tool call, marked `via` this tool.
   */
  runTool(name: string, args: Record<string, unknown>): Promise<NestedToolResult>;
  publish(event: InspectorEvent): void;
  /** A person watching the session in the inspector, for tools that ask one (browser_annotate); absent without a UI. */
  readonly person?: PersonDesk;
}

export interface ToolCall<Args> {
  args: Args;
  context: Context;
  response: Response;
  /** The current tab; for page tools it exists before the handler runs, for session tools it throws when none is open. */
  tab: Tab;
  session: ToolSession;
}

/** One declarative definition per tool: its name, schema and handler; the session does validation, modals and events. */
export interface ToolDefinition<Schema extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  schema: Schema;
  /** 'page' tools get a tab (launching the browser if needed) and are refused while a modal they don't clear is open. */
  scope: 'page' | 'session';
  readOnly: boolean;
  /** The tool changes the page though @playwright/mcp annotates it read-only (hover moves the pointer; going back). */
  changesPage?: true;
  /** The modal state this tool exists to clear. */
  clearsModal?: ModalState['type'];
  /** The `--caps` group that offers this tool, as in @playwright/mcp; without one it is a core tool, always offered. */
  capability?: Capability;
  /** Only listed and callable when the server runs with --allow-unsafe-code. */
  unsafe?: boolean;
  handler(call: ToolCall<z.output<Schema>>): Promise<void>;
}

export const defineTool = <Schema extends z.ZodObject>(tool: ToolDefinition<Schema>): ToolDefinition =>
  tool as unknown as ToolDefinition;

/** Whether a call may change the page (see `changesPage`). */
export const mayChangePage = (tool: ToolDefinition) => !tool.readOnly || !!tool.changesPage;

// Field schemas shared by the element tools, worded as @playwright/mcp words them so agents see the same contract.
export const elementField = z
  .string()
  .optional()
  .describe('Human-readable element description used to obtain permission to interact with the element');
export const targetField = z
  .string()
  .describe('Exact target element reference from the page snapshot, or a unique element selector');
export const filenameField = (what: string) =>
  z
    .string()
    .optional()
    .describe(`File name to save ${what} to. Relative file names are resolved against the workspace root.`);

/** @playwright/mcp's words for a modal tool called with no modal of its kind open. */
export const noModal = (tool: string) =>
  `The tool "${tool}" can only be used when there is related modal state present.`;
