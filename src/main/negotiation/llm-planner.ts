import type { z } from 'zod';
import {
  actionResponseSchema,
  interactResponseSchema,
  negotiationResponseSchema,
  type InteractRequest,
  type InteractResponse,
} from '../../shared/negotiation';
import { PlannerError, type Planner } from './planner';

export interface LlmPlannerConfig {
  /** OpenAI-compatible API root, e.g. `http://127.0.0.1:1234/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

/** Teaches the model the seed 003 contract; the request itself follows in the user message. */
const SYSTEM_PROMPT = `You are the planner behind a browser agent. Each message gives you a user query and the state of one web page; you answer with the single next step, as one JSON object and nothing else.

The page state:
- interactiveTree: the interactive elements. Each node has "i" (its id), "r" (role code: btn button, lnk link, txt textbox, srch searchbox, chk checkbox, rad radio, cmb combobox, lst listbox, opt option, mnu menuitem, tab tab, swt switch, sld slider, spn spinbutton, hdg heading, img image, dlg dialog, rgn region; other roles appear in full), "n" (accessible name), "xy" (centre) and "box" ([x, y, width, height]) in viewport CSS pixels, "occ": true when another element covers it, "scr": true when it scrolls.
- domMode tells which extra artifacts are present: "semantic_v3" (the tree only), "skeleton" (+ skeletonDom, a stripped HTML outline whose data-llm-id attributes are the node ids), "hybrid" (+ skeletonDom and a screenshot of the viewport, attached as an image), "full" (+ dom, the raw HTML).
- Optional: url, pageTitle, viewport, scrollPosition, scrollableContainers, recentEvents.

Reply with exactly one of these two shapes.

1. The next action: {"thought": "<one short sentence of reasoning>", "action": "<action>"}
   where <action> is one of:
   click(id)
   type(id, "text")
   select(id, "value")
   scroll(id, up) / scroll(id, down) / scroll(page, up) / scroll(page, down)
   press("Key")            e.g. press("Enter")
   navigate("url")
   wait(ms)                e.g. wait(500)
   done("summary")         the query is fulfilled
   fail("reason")          the query cannot be fulfilled on this page
   An id is the "i" value of a node, written bare: click(12), not click("12"). Strings are JSON strings in double quotes.

2. A request for more context, when the page state you have is not enough to choose safely:
   {"status": "needs_context", "requestedDomMode": "skeleton" | "hybrid" | "full", "needsSkeletonDom": true|false, "needsScreenshot": true|false, "reason": "<why>"}
   Ask for "skeleton" (needsSkeletonDom: true) when the tree lacks surrounding structure, e.g. several elements share the label the query names.
   Ask for "hybrid" (needsSkeletonDom: true, needsScreenshot: true) when the query refers to something visual (a colour, an icon-only control, "the gear at the top right", "the second card") or many similar elements need the layout to tell apart.
   Ask for "full" when you must verify raw HTML details (attributes, hidden values) that neither the tree nor the skeleton shows.
   Never ask for an artifact that is already present; with what you have, pick the best action or fail.

Rules:
- Never act on a node with "occ": true when another node matches the query.
- Use only ids present in interactiveTree (or page for scrolling the page); never invent ids.
- When the element is not in the tree but the page or a container scrolls, scroll towards it.
- Output the JSON object only: no prose, no Markdown.`;

/** Long replies and error bodies are cut to this many characters in error messages. */
const EXCERPT_CHARS = 200;
const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat;
};

/** Models often wrap JSON in a Markdown fence despite being told not to. */
const FENCE = /```(?:json)?\s*([\s\S]*?)```/i;

type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** Plans with an OpenAI-compatible chat-completions model (LM Studio, Ollama, llama.cpp, OpenAI, ...). */
export class LlmPlanner implements Planner {
  readonly name: string;
  private readonly endpoint: string;

  constructor(private readonly config: LlmPlannerConfig) {
    this.name = `llm:${config.model}`;
    this.endpoint = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  }

  async plan(request: InteractRequest, signal?: AbortSignal): Promise<InteractResponse> {
    const content = await this.complete(request, signal);
    return this.parseReply(content);
  }

  private fail(problem: string, cause?: unknown): never {
    throw new PlannerError(`Planner ${this.name}: ${problem}`, cause === undefined ? undefined : { cause });
  }

  /** Sends the request and returns the model's reply text. */
  private async complete(request: InteractRequest, signal?: AbortSignal): Promise<string> {
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.config.apiKey) headers.authorization = `Bearer ${this.config.apiKey}`;
    const body = JSON.stringify({
      model: this.config.model,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: userContent(request) },
      ],
    });
    let status: number;
    let text: string;
    try {
      // The timeout covers reading the body too: a server may send headers and then stall.
      const response = await fetch(this.endpoint, {
        method: 'POST',
        headers,
        body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (timeout.aborted)
        this.fail(
          `no reply from ${this.endpoint} within ${this.config.timeoutMs} ms; raise the timeout or use a faster model.`,
          error,
        );
      if (signal?.aborted) this.fail('the request was cancelled.', error);
      const reason = (error as { cause?: { code?: string; message?: string } }).cause;
      this.fail(
        `cannot reach ${this.endpoint} (${reason?.code ?? reason?.message ?? String(error)}); is the model server running and the base URL right?`,
        error,
      );
    }
    if (status >= 400) this.fail(`${this.endpoint} answered HTTP ${status}: ${excerpt(text) || '(empty body)'}`);

    let completion: unknown;
    try {
      completion = JSON.parse(text);
    } catch (error) {
      this.fail(
        `${this.endpoint} did not answer with JSON; is it an OpenAI-compatible chat-completions API? Got: ${excerpt(text)}`,
        error,
      );
    }
    const message = (completion as { choices?: { message?: { content?: unknown; refusal?: unknown } }[] } | null)
      ?.choices?.[0]?.message;
    if (!message) this.fail(`the reply has no choices[0].message: ${excerpt(text)}`);
    if (typeof message.refusal === 'string' && message.refusal)
      this.fail(`the model refused: ${excerpt(message.refusal)}`);
    if (typeof message.content !== 'string' || !message.content.trim()) this.fail('the model returned an empty reply.');
    return message.content;
  }

  /** Turns the model's reply text into a response that follows the contract. */
  private parseReply(content: string): InteractResponse {
    const json = (content.match(FENCE)?.[1] ?? content).trim();
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch (error) {
      this.fail(`the model's reply is not JSON (${(error as Error).message}): ${excerpt(content)}`, error);
    }
    const result = interactResponseSchema.safeParse(value);
    if (result.success) return result.data;
    // The union's own error says only that neither shape fits; the shape the model aimed at gives the useful one.
    const aimed: z.ZodType =
      typeof value === 'object' && value !== null && 'status' in value
        ? negotiationResponseSchema
        : actionResponseSchema;
    const issues = aimed.safeParse(value).error?.issues ?? result.error.issues;
    const problems = issues.map(issue => `${issue.path.join('.') || 'reply'}: ${issue.message}`).join('; ');
    this.fail(`the model's reply does not follow the contract (${problems}): ${excerpt(json)}`);
  }
}

/** The request as compact JSON; the screenshot travels as an image part, never as base64 text. */
function userContent(request: InteractRequest): string | ContentPart[] {
  const { screenshot, screenshotHash: _hash, tabId: _tabId, ...state } = request;
  const text = `Page state:\n${JSON.stringify(state)}`;
  if (!screenshot) return text;
  return [
    { type: 'text', text: `${text}\nThe attached image is a screenshot of the viewport.` },
    { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${screenshot}` } },
  ];
}
