import type { Locator, Page } from 'playwright';
import type { ActionText } from '../codegen/action';
import { namesSecret } from '../../shared/secret-field';
import { secretAwareText } from '../secrets';

/** What decides whether a field holds a secret, read from the element in the page. */
export interface FieldFacts {
  type: string;
  autocomplete: string;
  /** Label texts, aria-label, name, id and placeholder: the first one names the variable. */
  names: string[];
}

const SECRET_AUTOCOMPLETE = new Set(['current-password', 'new-password', 'one-time-code', 'cc-number', 'cc-csc']);

/** Whether typing into this field types a secret: a password input, a secret autocomplete, or a telling name. */
export function isSensitive(facts: FieldFacts): boolean {
  if (facts.type.toLowerCase() === 'password') return true;
  if (
    facts.autocomplete
      .toLowerCase()
      .split(/\s+/)
      .some(token => SECRET_AUTOCOMPLETE.has(token))
  )
    return true;
  return facts.names.some(namesSecret);
}

/** A valid UPPER_SNAKE environment variable name from a field's label ("Login password" → LOGIN_PASSWORD). */
export function envName(label: string): string {
  const words =
    label
      .normalize('NFKD')
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .toUpperCase()
      .match(/[A-Z0-9]+/g) ?? [];
  const name = words.join('_').slice(0, 40).replace(/_+$/, '');
  if (!name) return 'SECRET';
  return /^[0-9]/.test(name) ? `SECRET_${name}` : name;
}

/**
 * The variable a session keeps `value` under: the one already holding it, else a new name from the field's label,
 * numbered when taken (PASSWORD, PASSWORD_2) so one session never gives two values the same name.
 */
export function secretName(secrets: Record<string, string>, label: string, value: string): string {
  const known = Object.keys(secrets).find(name => secrets[name] === value);
  if (known) return known;
  const base = envName(label);
  let name = base;
  for (let n = 2; Object.hasOwn(secrets, name) || name === 'BASE_URL'; n++) name = `${base}_${n}`;
  return name;
}

/** Runs in the page: an element's type, autocomplete and names. */
const readFacts = (element: Element): FieldFacts => {
  const input = element as HTMLInputElement;
  const labels = Array.from(input.labels ?? [], label => label.textContent?.trim() ?? '');
  const attr = (name: string) => element.getAttribute(name) ?? '';
  const names = [...labels, attr('aria-label'), attr('name'), element.id, attr('placeholder')].filter(Boolean);
  return { type: attr('type'), autocomplete: attr('autocomplete'), names };
};

/** The element's type, autocomplete and names, in one evaluate. */
export function fieldFacts(locator: Locator): Promise<FieldFacts> {
  return locator.evaluate(readFacts);
}

/**
 * fieldFacts started now, beside the checks of the target (one round trip less than after them), for textToType. A
 * target those checks refuse leaves the read unused: its failure is then nobody's to handle.
 */
export function startFieldFacts(locator: Locator): Promise<FieldFacts> {
  const facts = fieldFacts(locator);
  facts.catch(() => {});
  return facts;
}

/** Whether the element that has focus in the page (not inside a frame) is a sensitive field: one round trip. */
export async function focusIsSensitive(page: Page): Promise<boolean> {
  const facts = await page.evaluate<FieldFacts | null>(`(() => {
    const focused = document.activeElement;
    return focused && focused !== document.body ? (${readFacts.toString()})(focused) : null;
  })()`);
  return !!facts && isSensitive(facts);
}

/**
 * The text a typing tool types and the code it shows. A value typed into a sensitive field joins the session's
 * secrets under a name, so from then on it is redacted like a --secrets value wherever it would be published (args,
 * snapshot, Browser State) and the code reads process.env.NAME. A --secrets name is typed as before. `facts`: the
 * field's (startFieldFacts), read only by a typing tool. Called in field order: names are numbered in that order.
 */
export async function textToType(
  secrets: Record<string, string>,
  facts: Promise<FieldFacts>,
  text: string,
): Promise<{ value: string; written: ActionText }> {
  if (text && !Object.hasOwn(secrets, text)) {
    // A secret's value typed in clear is typed as its name would be: the code reads the variable, not a mask.
    const known = Object.keys(secrets).find(name => secrets[name] === text);
    if (known) return secretAwareText(secrets, known);
    const field = await facts;
    if (isSensitive(field)) return secretAwareText(secrets, register(secrets, field, text));
  }
  return secretAwareText(secrets, text);
}

function register(secrets: Record<string, string>, facts: FieldFacts, value: string): string {
  const name = secretName(secrets, facts.names[0] || facts.autocomplete || 'secret', value);
  secrets[name] = value;
  return name;
}
