import { selectors } from './runtime';
import { DEFAULT_TEST_ID_ATTRIBUTE } from '../../shared/locators';

let current = DEFAULT_TEST_ID_ATTRIBUTE;

/**
 * Makes `attribute` the one getByTestId reads, in Playwright (so the locators normalize() generates use it), in the
 * element facts recorded with each target and in dom.html. Process-wide, as Playwright's own setting is.
 */
export function useTestIdAttribute(attribute: string): void {
  selectors.setTestIdAttribute(attribute);
  current = attribute;
}

/** The attribute getByTestId reads (CoreConfig testIdAttribute). */
export const testIdAttribute = (): string => current;
