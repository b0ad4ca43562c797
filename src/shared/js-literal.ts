/**
 * Helpers that write the "Ran Playwright code" statements the way Playwright's own codegen writes them. Plain text
 * functions, the base of every layer that writes code: codegen/, the browser, and the tools of mcp/tools/.
 */

/** A single-quoted JavaScript string literal. */
export function jsString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

/** A JavaScript literal for plain data: strings, numbers, booleans, arrays and objects (undefined fields dropped). */
export function jsLiteral(value: unknown): string {
  if (typeof value === 'string') return jsString(value);
  if (Array.isArray(value)) return `[${value.map(jsLiteral).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (!entries.length) return '{}';
    const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : jsString(k));
    return `{ ${entries.map(([k, v]) => `${key(k)}: ${jsLiteral(v)}`).join(', ')} }`;
  }
  return String(value);
}

/** `jsLiteral` of an options object, or nothing when it has no fields — so calls read `click()` not `click({})`. */
export function jsOptions(options: Record<string, unknown>): string {
  const literal = jsLiteral(options);
  return literal === '{}' ? '' : literal;
}

/** A JavaScript template literal holding `text` verbatim (backslashes, backticks and `${` escaped). */
export function jsTemplate(text: string): string {
  return `\`${text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\``;
}
