import { jsString } from '../../shared/js-literal';

/**
 * What a locator asks for, without the code around it: built for candidates, parsed back from a recorded locator, and
 * what states are counted with. `exact` is Playwright's option (whole string, case-sensitive).
 */
export type Query =
  | { kind: 'test-id'; value: string }
  | { kind: 'role'; role: string; name?: string; exact?: boolean }
  | { kind: 'label' | 'placeholder' | 'text'; text: string; exact?: boolean }
  | { kind: 'css'; selector: string };

/** A query and how it picks among its matches: `.nth(i)`, `.first()` (0) or `.last()` (-1). */
export interface ParsedLocator {
  query: Query;
  pick?: number;
}

/** The Playwright code of a query, as Playwright's own codegen writes it (`page.getByRole('button', { name: 'Save' })`). */
export function queryCode(query: Query): string {
  const exact = 'exact' in query && query.exact ? ', exact: true' : '';
  switch (query.kind) {
    case 'test-id':
      return `page.getByTestId(${jsString(query.value)})`;
    case 'role':
      return `page.getByRole(${jsString(query.role)}${query.name !== undefined ? `, { name: ${jsString(query.name)}${exact} }` : ''})`;
    case 'label':
      return `page.getByLabel(${jsString(query.text)}${exact && ', { exact: true }'})`;
    case 'placeholder':
      return `page.getByPlaceholder(${jsString(query.text)}${exact && ', { exact: true }'})`;
    case 'text':
      return `page.getByText(${jsString(query.text)}${exact && ', { exact: true }'})`;
    case 'css':
      return `page.locator(${jsString(query.selector)})`;
  }
}

const STRING = String.raw`'((?:[^'\\]|\\.)*)'`;
const EXACT = String.raw`(?:,? ?exact: true)?`;
const FORMS: Array<[RegExp, (m: RegExpMatchArray, exact: boolean) => Query]> = [
  [new RegExp(`^page\\.getByTestId\\(${STRING}\\)`), m => ({ kind: 'test-id', value: unescape(m[1]) })],
  [
    new RegExp(`^page\\.getByRole\\(${STRING}(?:, \\{ name: ${STRING}${EXACT} \\})?\\)`),
    (m, exact) => ({
      kind: 'role',
      role: unescape(m[1]),
      ...(m[2] !== undefined && { name: unescape(m[2]) }),
      ...(exact && { exact }),
    }),
  ],
  ...(['label', 'placeholder', 'text'] as const).map(
    (kind): [RegExp, (m: RegExpMatchArray, exact: boolean) => Query] => [
      new RegExp(`^page\\.getBy${kind[0].toUpperCase()}${kind.slice(1)}\\(${STRING}(?:, \\{ exact: true \\})?\\)`),
      (m, exact) => ({ kind, text: unescape(m[1]), ...(exact && { exact }) }),
    ],
  ),
  [new RegExp(`^page\\.locator\\(${STRING}\\)`), m => ({ kind: 'css', selector: unescape(m[1]) })],
];
const PICK = /^\.(?:nth\((-?\d+)\)|(first)\(\)|(last)\(\))$/;

/**
 * Reads a locator written as queryCode writes it, optionally followed by one `.nth()`/`.first()`/`.last()`; anything
 * else (chains, filters, frames) gives undefined: it is kept as recorded but not counted.
 */
export function parseLocator(code: string): ParsedLocator | undefined {
  for (const [form, build] of FORMS) {
    const match = code.match(form);
    if (!match) continue;
    const rest = code.slice(match[0].length);
    const pick = rest.match(PICK);
    if (rest && !pick) return undefined;
    const query = build(match, /exact: true/.test(match[0].replace(new RegExp(STRING, 'g'), '')));
    if (!pick) return { query };
    return { query, pick: pick[1] !== undefined ? Number(pick[1]) : pick[2] ? 0 : -1 };
  }
  return undefined;
}

/** The value of a single-quoted JavaScript literal's body, as jsString escapes it. */
function unescape(body: string): string {
  return body.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 'r' ? '\r' : c));
}

/** Whitespace collapsed and trimmed, as Playwright normalizes text before matching it. */
export const normalizeText = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A text as matching reads it: whitespace-normalized, and lower-cased for the case-insensitive match. */
export interface MatchText {
  normalized: string;
  lower: string;
}

export function matchText(text: string): MatchText {
  const normalized = normalizeText(text);
  return { normalized, lower: normalized.toLowerCase() };
}

/**
 * Playwright's text matching for getByText, getByLabel, getByPlaceholder and a role's name: a case-insensitive
 * substring of the whitespace-normalized text, or with `exact` the whole text, case-sensitive. Made once per query
 * and tried on texts prepared once per page (matchText): a page's every element is tried.
 */
export function textMatcher(wanted: string, exact = false): (text: MatchText) => boolean {
  const want = matchText(wanted);
  return exact ? text => text.normalized === want.normalized : text => text.lower.includes(want.lower);
}
