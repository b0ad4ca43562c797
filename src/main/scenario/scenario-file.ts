import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Scenario } from './types';

/**
 * Reads a scenario file: YAML (`.yaml`, `.yml`) or Markdown (anything else).
 *
 * ```yaml
 * title: Sign up            # optional
 * url: http://localhost:3000/signup
 * actions:
 *   - Type "Ada" into Full name
 *   - Click Create account
 * ```
 *
 * ```markdown
 * # Sign up
 * URL: http://localhost:3000/signup
 * 1. Type "Ada" into Full name
 * 2. Click Create account
 * ```
 */
export async function readScenario(file: string): Promise<Scenario> {
  const text = await readFile(file, 'utf8');
  const scenario = /^\.ya?ml$/i.test(extname(file)) ? parseYamlScenario(text, file) : parseMarkdownScenario(text, file);
  return { ...scenario, source: file };
}

export function parseYamlScenario(text: string, file = 'the scenario'): Scenario {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new Error(`${file} is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new Error(`${file} must be a YAML mapping with "url" and "actions".`);
  const { url, actions, title } = data as Record<string, unknown>;
  if (typeof url !== 'string' || !url.trim())
    throw new Error(`${file}: "url" must be the start URL, e.g. url: https://example.com.`);
  if (!Array.isArray(actions) || !actions.length)
    throw new Error(`${file}: "actions" must be a non-empty list of steps in plain language.`);
  const bad = actions.findIndex(action => typeof action !== 'string' || !action.trim());
  if (bad >= 0)
    throw new Error(`${file}: action ${bad + 1} must be a line of text, got ${JSON.stringify(actions[bad])}.`);
  return {
    ...(typeof title === 'string' && title.trim() && { title: title.trim() }),
    url: checkUrl(url.trim(), file),
    actions: (actions as string[]).map(action => action.trim()),
  };
}

const HEADING = /^#{1,6}\s+(.+?)\s*#*$/;
const LIST_ITEM = /^\s*(?:\d+[.)]|[-*+])\s+(.+)$/;
const URL_IN_LINE = /<?(https?:\/\/[^\s>)\]]+)>?/;

/** A title (the first heading), the first URL outside the list (a `URL:` line, a bare or linked URL), and the list. */
export function parseMarkdownScenario(text: string, file = 'the scenario'): Scenario {
  let title: string | undefined;
  let url: string | undefined;
  const actions: string[] = [];
  let fenced = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const item = line.match(LIST_ITEM);
    if (item) {
      actions.push(item[1].trim());
      continue;
    }
    const heading = line.match(HEADING);
    if (heading) {
      title ??= heading[1];
      continue;
    }
    url ??= line.match(URL_IN_LINE)?.[1];
  }
  if (!url)
    throw new Error(`${file} names no start URL: add a line such as "URL: https://example.com" before the steps.`);
  if (!actions.length) throw new Error(`${file} has no steps: list them as a numbered or bulleted list.`);
  return { ...(title && { title }), url: checkUrl(url, file), actions };
}

function checkUrl(url: string, file: string): string {
  try {
    return new URL(url).href;
  } catch {
    throw new Error(`${file}: the start URL "${url}" is not an absolute URL.`);
  }
}
