import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { jsString } from '../browser/codegen';

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

/** Replaces every secret value with `<secret>NAME</secret>`; longest values first so overlaps redact whole. */
export function redactSecrets(secrets: Record<string, string>, text: string): string {
  const entries = Object.entries(secrets).sort(([, a], [, b]) => b.length - a.length);
  for (const [name, value] of entries) text = text.split(value).join(`<secret>${name}</secret>`);
  return text;
}

/**
 * Text an agent asked to type: a secret's name stands for its value (typed for real), and the generated code reads
 * it from the environment so the value never lands in a spec.
 */
export function secretAwareText(secrets: Record<string, string>, text: string): { value: string; code: string } {
  if (Object.hasOwn(secrets, text)) return { value: secrets[text], code: `process.env.${text}` };
  return { value: text, code: jsString(text) };
}
