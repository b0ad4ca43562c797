import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { jsString } from './browser/codegen';

/** Reads a dotenv file of secrets (NAME=value). */
export function loadSecrets(file: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the --secrets file ${file}: ${(error as Error).message}`);
  }
  return Object.fromEntries(Object.entries(parseEnv(text)).filter(([, value]) => value !== '')) as Record<string, string>;
}

/** What stands for a secret's value wherever it would be published: `<secret>NAME</secret>`. */
export function secretMask(name: string): string {
  return `<secret>${name}</secret>`;
}

/** A `secretMask` in text; group 1 is the name. */
export const SECRET_MASK = /<secret>([A-Za-z_][A-Za-z0-9_]*)<\/secret>/g;

/** Replaces every secret value with `<secret>NAME</secret>`; longest values first so overlaps redact whole. */
export function redactSecrets(secrets: Record<string, string>, text: string): string {
  const entries = Object.entries(secrets).sort(([, a], [, b]) => b.length - a.length);
  for (const [name, value] of entries) text = text.split(value).join(secretMask(name));
  return text;
}

/** `redactSecrets` applied to every string inside plain data (arrays and objects), returning a copy. */
export function redactDeep<T>(secrets: Record<string, string>, value: T): T {
  if (!Object.keys(secrets).length) return value;
  if (typeof value === 'string') return redactSecrets(secrets, value) as T;
  if (Array.isArray(value)) return value.map(item => redactDeep(secrets, item)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(secrets, v)])) as T;
  return value;
}

/**
 * Text an agent asked to type: a secret's name stands for its value (typed for real), and the generated code reads
 * it from the environment so the value never lands in a spec.
 */
export function secretAwareText(secrets: Record<string, string>, text: string): { value: string; code: string } {
  if (Object.hasOwn(secrets, text)) return { value: secrets[text], code: `process.env.${text}` };
  return { value: text, code: jsString(text) };
}
