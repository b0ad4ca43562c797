import { createRequire } from 'node:module';
import type { Language } from './action';

/**
 * Playwright's own locator generators (the ones its codegen uses), from the playwright-core that `playwright` loads:
 * the selector behind a TypeScript locator, spelled in another language. Internal to Playwright, so reached once,
 * lazily, and checked by codegen/action.test.ts and locator-expression.test.ts.
 */
interface LocatorGenerators {
  locatorOrSelectorAsSelector(language: string, locator: string, testIdAttribute: string): string;
  asLocator(language: string, selector: string): string;
}
let generators: LocatorGenerators | undefined;
function locatorGenerators(): LocatorGenerators {
  if (!generators) {
    const require = createRequire(import.meta.url);
    const core = require.resolve('playwright-core/lib/coreBundle', { paths: [require.resolve('playwright')] });
    generators = (require(core) as { iso: LocatorGenerators }).iso;
  }
  return generators;
}

/** `page.getByRole('button', { name: 'Save' })` as `language` writes it (`page.get_by_role("button", name="Save")`). */
export function locatorIn(language: Language, locator: string): string {
  if (language === 'typescript') return locator;
  const { locatorOrSelectorAsSelector, asLocator } = locatorGenerators();
  // The test id attribute does not matter here: the selector only carries the value, and getByTestId names none.
  const selector = locatorOrSelectorAsSelector('javascript', locator.replace(/^page\./, ''), 'data-testid');
  return `page.${asLocator(language, selector)}`;
}

/**
 * The selector a target names: a Playwright locator expression as an agent copies it from generated code
 * (`getByRole('button', { name: 'Save' })`, with or without `page.`) or a selector as it is (CSS, XPath, `text=…`).
 * Undefined for an expression that does not parse.
 */
export function selectorOf(target: string, testIdAttribute: string): string | undefined {
  const expression = target.replace(/^page\./, '');
  // Only what starts like a call is read as an expression: a selector is passed on untouched.
  if (!/^(?:getBy\w+|locator|frameLocator)\(/.test(expression)) return target;
  return locatorGenerators().locatorOrSelectorAsSelector('javascript', expression, testIdAttribute) || undefined;
}
