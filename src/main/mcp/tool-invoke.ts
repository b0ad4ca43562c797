// Running one tool's handler: the tab it acts on, the refusal while a modal is open, and the ToolSession the handler
// reaches back through (planning, nested calls, publishing). McpSession decides when; this is how a handler is called.
import type { Context } from '../browser/context';
import type { EventBus } from '../events/bus';
import type { Planner } from '../negotiation/planner';
import { NegotiationError, planStep } from '../negotiation/client-loop';
import { toolFor } from '../negotiation/action-tools';
import type { ParsedResponse } from '../../shared/response';
import { redactDeep } from '../secrets';
import type { PersonDesk } from './person-desk';
import type { Response } from './response';
import { mayChangePage, type NestedToolResult, type ToolDefinition, type ToolSession } from './tool';

/** What a tool's session is made of: the MCP session's parts, and how it runs a call on the tool's behalf. */
export interface ToolSessionParts {
  id: string;
  planner: Planner;
  person?: PersonDesk;
  bus: EventBus;
  /** Validates, runs and publishes a call made on behalf of the tool (its answer undefined when it never ran). */
  runNested(
    name: string,
    args: Record<string, unknown>,
  ): Promise<{ sections: ParsedResponse; response?: Response | undefined }>;
}

export function toolSession(parts: ToolSessionParts, context: Context): ToolSession {
  return {
    id: parts.id,
    planStep: async options => {
      try {
        const step = await planStep({ ...options, planner: parts.planner });
        return { step, invocation: toolFor(step.action, step.node) };
      } catch (error) {
        if (error instanceof NegotiationError) return { failure: error };
        throw error;
      }
    },
    person: parts.person,
    runTool: async (name, args): Promise<NestedToolResult> => {
      const { sections, response } = await parts.runNested(name, args);
      if (!response) throw new Error(sections.error);
      return { isError: !!sections.error, sections, response };
    },
    // A planner's rounds quote the query and the planned action: secrets known so far are masked there too.
    publish: event => void parts.bus.publish(redactDeep(context.secrets, event)),
  };
}

/** Calls the tool's handler with validated `args`; `session` makes the ToolSession it gets. */
export async function invokeTool(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  context: Context,
  response: Response,
  session: () => ToolSession,
) {
  // A call that may act takes its snapshots afresh (going back can restore a document whose stamp looks unchanged).
  if (mayChangePage(tool)) for (const tab of context.tabs) tab.forgetSnapshot();
  if (tool.scope === 'page') {
    const tab = await context.ensureTab();
    // Answered with the page and its open modal, as @playwright/mcp: a refusal, not a failure of the tool.
    if (tab.modalStates.length && !tool.clearsModal)
      return response.addError(`Error: Tool "${tool.name}" does not handle the modal state.`);
    return tool.handler({ args, context, response, tab, session: session() });
  }
  return tool.handler({
    args,
    context,
    response,
    session: session(),
    get tab() {
      return context.currentTabOrDie();
    },
  });
}
