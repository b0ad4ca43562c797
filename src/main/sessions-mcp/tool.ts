import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Recordings } from './recordings';

/** What a tool answers: Markdown, with images after it when asked for (a step's Before and After). */
export interface ToolAnswer {
  text: string;
  images?: { mimeType: string; base64: string }[];
  /** A line after the text, in an item of its own (so `text` can be a file's content, as is). */
  note?: string;
}

/**
 * One tool of the sessions MCP server, declared once: its name and argument names are the contract (issue 33), its
 * schema validates the input before `answer` runs, and `answer` only reads. No tool writes, deletes or drives a browser.
 */
export interface SessionsTool<Schema extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  schema: Schema;
  answer(args: z.output<Schema>, recordings: Recordings): Promise<ToolAnswer>;
}

export const defineTool = <Schema extends z.ZodObject>(tool: SessionsTool<Schema>): SessionsTool =>
  tool as unknown as SessionsTool;

export function toResult(answer: ToolAnswer): CallToolResult {
  return {
    content: [
      { type: 'text', text: answer.text },
      ...(answer.note ? [{ type: 'text' as const, text: answer.note }] : []),
      ...(answer.images ?? []).map(image => ({ type: 'image' as const, data: image.base64, mimeType: image.mimeType })),
    ],
  };
}

/** A session argument, named `name`: what `agent-inspector export` takes. */
export const sessionArg = (name = 'session') =>
  z
    .string()
    .trim()
    .min(1, `${name} must not be empty`)
    .describe(
      `${name === 'session' ? 'A' : `${name}: a`} session id, a unique prefix of one, or its folder (as \`agent-inspector export\` takes)`,
    );
