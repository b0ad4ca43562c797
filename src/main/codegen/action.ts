import { csharpAction } from './csharp';
import { javaAction } from './java';
import { locatorIn } from './locator-expression';
import { pythonAction } from './python';
import { typescriptAction } from './typescript';

/** The languages `--codegen` writes `### Ran Playwright code` in (`none` leaves the section out). */
export const LANGUAGES = ['typescript', 'python', 'java', 'csharp'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What the agent's text fences its code as: @playwright/mcp fences TypeScript as `js`. */
export const codeFence = (language: Language) => (language === 'typescript' ? 'js' : language);

export type Modifier = 'Alt' | 'Control' | 'ControlOrMeta' | 'Meta' | 'Shift';

/** Typed text: a literal, or a secret the code reads from the environment by its name. */
export type ActionText = { value: string } | { secret: string };

/**
 * What a tool did to an element or the page, as Playwright's codegen records an action: written in the language the
 * agent reads. `locator` is the TypeScript locator (`page.getByRole('button', { name: 'Save' })`) the tool resolved;
 * the other languages spell the same selector their way. Statements with no action equivalent (evaluate, keyboard,
 * storage…) stay TypeScript in every language, as @playwright/mcp writes them.
 */
export type CodeAction =
  | { name: 'navigate'; url: string }
  | { name: 'click'; locator: string; button?: 'left' | 'right' | 'middle'; modifiers?: Modifier[]; clickCount: 1 | 2 }
  | { name: 'hover' | 'check' | 'uncheck' | 'assertVisible'; locator: string }
  | { name: 'fill'; locator: string; text: ActionText }
  | { name: 'press'; locator: string; key: string }
  | { name: 'select'; locator: string; options: string[] }
  | { name: 'assertChecked'; locator: string; checked: boolean }
  | { name: 'assertValue'; locator: string; value: string }
  /** `ariaSnapshot` unindented: `- list:\n  - listitem: "One"`. */
  | { name: 'assertSnapshot'; locator: string; ariaSnapshot: string };

/** One line of generated code: a TypeScript statement as written, or an action rendered per language. */
export type CodeStatement = string | CodeAction;

/** The statement in `language` (a TypeScript string stays as it is). */
export function renderStatement(statement: CodeStatement, language: Language): string {
  if (typeof statement === 'string') return statement;
  if (language === 'typescript') return typescriptAction(statement);
  const action = 'locator' in statement ? { ...statement, locator: locatorIn(language, statement.locator) } : statement;
  if (language === 'python') return pythonAction(action);
  if (language === 'java') return javaAction(action);
  return csharpAction(action);
}
