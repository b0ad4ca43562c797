import { z } from 'zod';
import type { Context } from '../browser/context';
import type { ModalState, Tab } from '../browser/tab';
import type { Response } from './response';

export interface ToolCall<Args> {
  args: Args;
  context: Context;
  response: Response;
  /** The current tab; for page tools it exists before the handler runs, for session tools it throws when none is open. */
  tab: Tab;
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
  /** The modal state this tool exists to clear. */
  clearsModal?: ModalState['type'];
  /** Only listed and callable when the server runs with --allow-unsafe-code. */
  unsafe?: boolean;
  handler(call: ToolCall<z.output<Schema>>): Promise<void>;
}

export const defineTool = <Schema extends z.ZodObject>(tool: ToolDefinition<Schema>): ToolDefinition => tool as unknown as ToolDefinition;

// Field schemas shared by the element tools, worded as @playwright/mcp words them so agents see the same contract.
export const elementField = z.string().optional()
  .describe('Human-readable element description used to obtain permission to interact with the element');
export const targetField = z.string()
  .describe('Exact target element reference from the page snapshot, or a unique element selector');
export const filenameField = (what: string) => z.string().optional()
  .describe(`File name to save ${what} to. Relative file names are resolved against the workspace root.`);
