import type { ActionText, CodeAction, Language, Modifier } from './action';

/** How each language reads a secret from the environment, as @playwright/mcp writes it. */
export function envLookup(language: Language, name: string): string {
  switch (language) {
    case 'typescript':
      return `process.env['${name}']`;
    case 'python':
      return `os.environ["${name}"]`;
    case 'java':
      return `System.getenv("${name}")`;
    case 'csharp':
      return `Environment.GetEnvironmentVariable("${name}")`;
  }
}

/** A double-quoted string literal, as Python, Java and C# (and Playwright's generators for them) write it. */
export const quoted = (text: string) => JSON.stringify(text);

/** Typed text in a language other than TypeScript: a literal or the secret's environment lookup. */
export const textIn = (language: Language, text: ActionText) =>
  'secret' in text ? envLookup(language, text.secret) : quoted(text.value);

/**
 * The click's modifiers as @playwright/mcp writes them outside TypeScript: Control and Meta both as ControlOrMeta (a
 * recorded click runs on any platform), in the order Alt, ControlOrMeta, Shift.
 */
export function portableModifiers(modifiers: Modifier[] = []): string[] {
  const has = (...keys: Modifier[]) => keys.some(key => modifiers.includes(key));
  return [
    ...(has('Alt') ? ['Alt'] : []),
    ...(has('Control', 'ControlOrMeta') ? ['ControlOrMeta'] : []),
    ...(has('Meta') ? ['ControlOrMeta'] : []),
    ...(has('Shift') ? ['Shift'] : []),
  ];
}

/** The click options a generated click names: only what differs from a plain left click. */
export function clickOptions(action: Extract<CodeAction, { name: 'click' }>): {
  button?: string;
  modifiers?: string[];
} {
  const modifiers = portableModifiers(action.modifiers);
  return {
    ...(action.button && action.button !== 'left' && { button: action.button }),
    ...(modifiers.length && { modifiers }),
  };
}
