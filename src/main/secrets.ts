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

/** Whether text holds a `secretMask` (SECRET_MASK is global: its `test` would keep state between calls). */
export const hasSecretMask = (text: string) => text.includes('<secret>') && new RegExp(SECRET_MASK.source).test(text);

const JS_STRING = /'(?:[^'\\\n]|\\.)*'/g;

/**
 * Generated code with a secret inside another string (a GET form put the password into the next URL): each string
 * literal holding a mask becomes a template literal that reads the secret from the environment, so the code runs as
 * recorded and never carries `<secret>NAME</secret>` (a whole masked argument is `process.env.NAME` already).
 */
export function withSecretLookups(code: string): string {
  if (!hasSecretMask(code)) return code;
  return code.replace(JS_STRING, literal => {
    if (!hasSecretMask(literal)) return literal;
    // The literal's text as a template's: a quote needs no escape there, a backtick and `${` do.
    const text = literal.slice(1, -1).replace(/\\(.)/g, (escape, char: string) => (char === "'" ? "'" : escape)).replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
    return `\`${text.replace(SECRET_MASK, (_, name: string) => `\${process.env.${name}}`)}\``;
  });
}

/**
 * Replaces every secret value with `<secret>NAME</secret>`, also as a URL carries it (a GET form encodes `p@ss` as
 * `p%40ss`); longest values first so overlaps redact whole.
 */
export function redactSecrets(secrets: Record<string, string>, text: string): string {
  const entries = Object.entries(secrets).sort(([, a], [, b]) => b.length - a.length);
  for (const [name, value] of entries) {
    for (const form of new Set([value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)])) text = text.split(form).join(secretMask(name));
  }
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
