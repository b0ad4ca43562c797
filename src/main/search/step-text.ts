import type { ToolCallEvent } from '../../shared/events';
import { renderResponse } from '../../shared/response';
import type { StepTexts } from '../../shared/search/fields';
import type { ToolCallRecord } from '../sessions/format';

/**
 * Each field is cut to this many characters. A response can be megabytes (an evaluate returning a page's HTML, a
 * long console log): indexing whole fields would let a few steps dominate the index's memory and build time, while
 * the start of each field holds what people search for (the result, the error, the code, the URL).
 */
export const FIELD_CHARS = 4_096;

const bounded = (text: string) => (text.length > FIELD_CHARS ? text.slice(0, FIELD_CHARS) : text);

/**
 * What a step is searched by: its tool, arguments, response (without the aria snapshot, which is huge and mostly
 * the page's own text), page URL and title, console messages and request URLs, and the text of the model turn that
 * chose it (`model`, see model-text.ts). Events on the bus, records and spans on disk are already redacted of
 * --secrets values, so nothing here can show a secret.
 */
export function stepTexts(step: ToolCallEvent | ToolCallRecord, model = ''): StepTexts {
  const args = Object.entries(step.args).map(
    ([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
  // Only the entries that belong to this step: a request finishing later comes again with a later step, but under the
  // seq of its own (which indexed its URL while it was pending).
  const own = <T extends { seq: number }>(entries: T[] | undefined) =>
    entries?.filter(entry => entry.seq === step.seq) ?? [];
  const activity = { console: own(step.activity?.console), network: own(step.activity?.network) };
  return {
    tool: step.tool,
    args: bounded(args.join('\n')),
    response: bounded(renderResponse({ ...step.response, snapshot: undefined })),
    url: bounded([step.url, step.title].filter(Boolean).join('\n')),
    console: bounded(activity.console.map(entry => entry.text).join('\n')),
    network: bounded(activity.network.map(entry => `${entry.method} ${entry.url}`).join('\n')),
    model: bounded(model),
  };
}
