import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { renderStatement, type ActionText, type CodeStatement, type Language } from './codegen/action';
import { envLookup } from './codegen/language-values';

/** Reads a dotenv file of secrets (NAME=value). */
export function loadSecrets(file: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the --secrets file ${file}: ${(error as Error).message}`);
  }
  return Object.fromEntries(Object.entries(parseEnv(text)).filter(([, value]) => value !== '')) as Record<
    string,
    string
  >;
}

/** What stands for a secret's value wherever it would be published: `<secret>NAME</secret>`. */
export function secretMask(name: string): string {
  return `<secret>${name}</secret>`;
}

/** A `secretMask` in text; group 1 is the name. */
export const SECRET_MASK = /<secret>([A-Za-z_][\w.-]*)<\/secret>/g;

/** Whether text holds a `secretMask` (SECRET_MASK is global: its `test` would keep state between calls). */
export const hasSecretMask = (text: string) => text.includes('<secret>') && new RegExp(SECRET_MASK.source).test(text);

/** A string literal as each language's generated code writes it: single-quoted in TypeScript, double elsewhere. */
const STRING_LITERAL = { single: /'(?:[^'\\\n]|\\.)*'/g, double: /"(?:[^"\\\n]|\\.)*"/g };

/** A literal's text (quotes off) around its masks, rewritten to read each secret from the environment in `language`. */
function lookupLiteral(language: Language, text: string): string {
  switch (language) {
    case 'typescript': {
      // The literal's text as a template's: a quote needs no escape there, a backtick and `${` do.
      const template = text
        .replace(/\\(.)/g, (escape, char: string) => (char === "'" ? "'" : escape))
        .replace(/`/g, '\\`')
        .replace(/\$\{/g, '\\${');
      return `\`${template.replace(SECRET_MASK, (_, name: string) => `\${${envLookup(language, name)}}`)}\``;
    }
    case 'python':
      // An f-string: braces of the text doubled; the lookup's quotes single, which any Python 3 reads inside double.
      return `f"${text.replace(/[{}]/g, '$&$&').replace(SECRET_MASK, (_, name: string) => `{os.environ['${name}']}`)}"`;
    case 'csharp':
      return `$"${text.replace(/[{}]/g, '$&$&').replace(SECRET_MASK, (_, name: string) => `{${envLookup(language, name)}}`)}"`;
    case 'java':
      // No interpolation in Java: the pieces joined with +, empty ones left out.
      return text
        .split(new RegExp(SECRET_MASK.source))
        .map((piece, i) => (i % 2 ? envLookup(language, piece) : piece && `"${piece}"`))
        .filter(Boolean)
        .join(' + ');
  }
}

/**
 * Generated code with a secret inside another string (a GET form put the password into the next URL): each string
 * literal holding a mask becomes one that reads the secret from the environment (a template literal, an f-string…),
 * so the code runs as recorded and never carries `<secret>NAME</secret>` (a whole masked argument is a lookup already).
 */
export function withSecretLookups(code: string, language: Language = 'typescript'): string {
  if (!hasSecretMask(code)) return code;
  return code.replace(STRING_LITERAL[language === 'typescript' ? 'single' : 'double'], literal =>
    hasSecretMask(literal) ? lookupLiteral(language, literal.slice(1, -1)) : literal,
  );
}

/**
 * The agent's code in `language`: each statement rendered, its secrets redacted and read from the environment the way
 * it is written (a TypeScript statement stays TypeScript in every language, as @playwright/mcp writes it).
 */
export function codeInLanguage(
  secrets: Record<string, string>,
  statements: readonly CodeStatement[],
  language: Language,
): string {
  return statements
    .map(statement =>
      withSecretLookups(
        redactSecrets(secrets, renderStatement(statement, language)),
        typeof statement === 'string' ? 'typescript' : language,
      ),
    )
    .join('\n');
}

/**
 * Replaces every secret value with `<secret>NAME</secret>`, also as a URL carries it (a GET form encodes `p@ss` as
 * `p%40ss`); longest values first so overlaps redact whole.
 */
export function redactSecrets(secrets: Record<string, string>, text: string): string {
  const entries = Object.entries(secrets).sort(([, a], [, b]) => b.length - a.length);
  for (const [name, value] of entries) {
    for (const form of new Set([
      value,
      encodeURIComponent(value),
      new URLSearchParams({ v: value }).toString().slice(2),
    ]))
      text = text.split(form).join(secretMask(name));
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
 * it from the environment (`written`) so the value never lands in a spec.
 */
export function secretAwareText(secrets: Record<string, string>, text: string): { value: string; written: ActionText } {
  if (Object.hasOwn(secrets, text)) return { value: secrets[text], written: { secret: text } };
  return { value: text, written: { value: text } };
}
