import { z } from 'zod';
import type { Context } from '../browser/context';
import { redactDeep } from '../secrets';
import { targetValues } from '../../shared/target-args';
import type { Page } from 'playwright';
import { elementFactsOf } from '../playwright/element-facts';
import { accessibleRoleAndName } from '../human/resolve';
import type { CallPreview, PreviewOptions } from './tool-host';
import { fieldFacts, isSensitive, secretName } from './sensitive-field';
import type { ToolDefinition } from './tool';

/** Older clients name element targets `ref`; map them to the current field names before validation. */
const TARGET_ALIASES: Record<string, string> = { ref: 'target', startRef: 'startTarget', endRef: 'endTarget' };

export function applyAliases(args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...args };
  for (const [alias, field] of Object.entries(TARGET_ALIASES)) {
    if (alias in out && !(field in out)) out[field] = out[alias];
    if (alias in out) delete out[alias];
  }
  if (Array.isArray(out.fields))
    out.fields = out.fields.map(f => (f && typeof f === 'object' ? applyAliases(f as Record<string, unknown>) : f));
  return out;
}

const REF = /^(?:f\d+)?e\d+$/;

/**
 * A call as a debugger sees it before it runs: its page, its targets (a ref's role and name from the last snapshot, so
 * no round trip; a selector's from a look at the page when asked), its arguments with secrets masked. `held`: the
 * arguments are about to be shown and recorded, so a value the call would type into a sensitive field joins the
 * secrets now, as typing it would make it.
 */
export async function previewCall(
  args: Record<string, unknown>,
  context: Context | undefined,
  secrets: Record<string, string>,
  options: PreviewOptions,
): Promise<CallPreview> {
  const tab = context?.currentTab;
  const aliased = applyAliases(args);
  const targets = await Promise.all(
    targetValues(aliased).map(async target => {
      const node = REF.test(target)
        ? tab?.refNode(target)
        : options.selectors && tab
          ? await selectorNode(tab.page, target)
          : undefined;
      return { target, ...(node?.role && { role: node.role }), ...(node?.name && { name: node.name }) };
    }),
  );
  if (options.held && context && tab) await maskTypedSecrets(aliased, context);
  return {
    args: redactDeep(context?.secrets ?? secrets, args),
    url: tab && !tab.page.isClosed() ? tab.page.url() : undefined,
    targets,
  };
}

/**
 * The role and accessible name of the first element a selector matches, from Chromium's accessibility tree (found by
 * its CSS path); none when it matches nothing yet. Not from an aria snapshot: taking one makes Playwright forget the
 * refs of the agent's last snapshot, and a breakpoint test must not change what the agent can target.
 */
async function selectorNode(page: Page, selector: string): Promise<{ role: string; name?: string } | undefined> {
  const css = (await elementFactsOf(page.locator(selector).first()))?.css;
  return css ? accessibleRoleAndName(page, css).catch(() => undefined) : undefined;
}

/** The text each typing argument would type, by its target: browser_type's `text`, browser_fill_form's field values. */
function typedValues(args: Record<string, unknown>): { target: string; text: string }[] {
  const typed: { target: string; text: string }[] = [];
  if (typeof args.target === 'string' && typeof args.text === 'string')
    typed.push({ target: args.target, text: args.text });
  if (Array.isArray(args.fields)) {
    for (const field of args.fields) {
      if (field && typeof field.target === 'string' && typeof field.value === 'string')
        typed.push({ target: field.target, text: field.value });
    }
  }
  return typed;
}

async function maskTypedSecrets(args: Record<string, unknown>, context: Context) {
  const tab = context.currentTab!;
  for (const { target, text } of typedValues(args)) {
    if (!text || Object.hasOwn(context.secrets, text) || Object.values(context.secrets).includes(text)) continue;
    try {
      const { locator } = await tab.locator(target, { look: true });
      const facts = await fieldFacts(locator);
      if (isSensitive(facts))
        context.secrets[secretName(context.secrets, facts.names[0] || facts.autocomplete || 'secret', text)] = text;
    } catch {
      // The target is not on the page: the call will say so when it runs; nothing is typed meanwhile.
    }
  }
}

/** Arguments checked as the call checks them: zod's own rendering, the text the agent would get. */
export function checkArgs(
  tool: ToolDefinition | undefined,
  name: string,
  args: Record<string, unknown>,
): string | undefined {
  if (!tool) return `Tool "${name}" not found`;
  const parsed = tool.schema.safeParse(applyAliases(args));
  return parsed.success ? undefined : `Invalid arguments for tool "${name}":\n${z.prettifyError(parsed.error)}`;
}

const MASKED = /^<secret>([A-Za-z_][A-Za-z0-9_]*)<\/secret>$/;

/**
 * A masked value (`<secret>NAME</secret>`) a person left in arguments they edited, put back: as the secret's name,
 * which our typing tools type as its value (the code reads process.env.NAME), or, for a server that knows no names
 * (a proxied one), as the value itself.
 */
export function unmaskNames(value: unknown, secrets: Record<string, string>, as: 'name' | 'value' = 'name'): unknown {
  if (typeof value === 'string') {
    const name = value.match(MASKED)?.[1];
    return name && Object.hasOwn(secrets, name) ? (as === 'name' ? name : secrets[name]) : value;
  }
  if (Array.isArray(value)) return value.map(item => unmaskNames(item, secrets, as));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unmaskNames(item, secrets, as)]));
  return value;
}
