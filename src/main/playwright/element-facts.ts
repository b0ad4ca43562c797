/// <reference lib="dom" />
import type { Locator } from 'playwright';
import { KNOWN_TEST_ID_ATTRIBUTES, type ElementFacts } from '../../shared/locators';
import { testIdAttribute } from './test-id';

/** The element's facts now (read in its page), or undefined when it does not resolve quickly. */
export const elementFactsOf = (locator: Locator): Promise<ElementFacts | undefined> =>
  locator
    .evaluate(
      readElementFacts,
      { testIdAttribute: testIdAttribute(), known: KNOWN_TEST_ID_ATTRIBUTES },
      { timeout: 1_000 },
    )
    .catch(() => undefined);

/**
 * In-page (sent as source text, so self-contained): what locator candidates are built from — test ids, label,
 * placeholder, visible text, id and a short CSS path (`#id`, else tags with `:nth-of-type()` up to an ancestor's id,
 * at most four levels). Ids that look generated (`:r1:`, `ember1234`) are not used.
 */
export function readElementFacts(
  element: Element,
  options: { testIdAttribute: string; known: string[] },
): ElementFacts {
  const MAX_TEXT = 200;
  const normalize = (text: string | null | undefined) =>
    (text ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT) || undefined;
  const stableId = (el: Element) => (/^[A-Za-z][\w-]*$/.test(el.id) && !/\d{3,}/.test(el.id) ? el.id : undefined);
  const testIds: Record<string, string> = {};
  for (const attribute of [options.testIdAttribute, ...options.known]) {
    const value = element.getAttribute(attribute);
    if (value !== null) testIds[attribute] = value;
  }
  const labelledBy = element
    .getAttribute('aria-labelledby')
    ?.split(/\s+/)
    .map(id => element.ownerDocument.getElementById(id)?.textContent ?? '')
    .join(' ');
  const labels = (element as HTMLInputElement).labels;
  const label =
    normalize(labelledBy) ?? normalize(element.getAttribute('aria-label')) ?? normalize(labels?.[0]?.textContent);
  const isButtonInput = element instanceof HTMLInputElement && /^(submit|button|reset)$/i.test(element.type);
  const text = normalize(isButtonInput ? element.value : ((element as HTMLElement).innerText ?? element.textContent));
  const segments: string[] = [];
  for (
    let el: Element | null = element;
    el && el.tagName !== 'BODY' && el.tagName !== 'HTML' && segments.length < 4;
    el = el.parentElement
  ) {
    const id = stableId(el);
    if (id) {
      segments.unshift(`#${id}`);
      break;
    }
    const tag = el.tagName.toLowerCase();
    const sameTag = el.parentElement
      ? Array.from(el.parentElement.children).filter(sibling => sibling.tagName === el!.tagName)
      : [el];
    segments.unshift(sameTag.length > 1 ? `${tag}:nth-of-type(${sameTag.indexOf(el) + 1})` : tag);
  }
  return {
    tag: element.tagName.toLowerCase(),
    testIdAttribute: options.testIdAttribute,
    ...(Object.keys(testIds).length && { testIds }),
    ...(label && { label }),
    ...(element.getAttribute('placeholder') && { placeholder: normalize(element.getAttribute('placeholder')) }),
    ...(text && { text }),
    ...(stableId(element) && { id: element.id }),
    ...(segments.length && { css: segments.join(' > ') }),
  };
}
