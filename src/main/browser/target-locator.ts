import { jsString } from '../../shared/js-literal';
import { selectorOf } from '../codegen/locator-expression';
import { elementFactsOf } from '../playwright/element-facts';
import { firstLine } from './error-text';
import { testIdAttribute } from '../playwright/test-id';
import type { SnapshotNode } from '../../shared/aria-snapshot';
import type { ResolvedTarget } from '../../shared/events';
import type { Locator, Page } from 'playwright';

/** The longest target (ref or selector) `locator()` accepts. */
export const MAX_TARGET_CHARS = 10_000;

/** Thrown for a ref that is not in the last snapshot; the text is the one @playwright/mcp uses. */
export class RefNotFoundError extends Error {
  constructor(ref: string) {
    super(`Ref ${ref} not found in the current page snapshot. Try capturing new snapshot.`);
  }
}

const REF = /^(?:f\d+)?e\d+$/;

/** What a target is resolved against: the tab's page and its last full snapshot (see Tab). */
export interface TargetScope {
  readonly page: Page;
  readonly snapshotRefs: ReadonlySet<string>;
  /** Read the target's box and element facts for the call's record (see TabOptions.targetDetails). */
  readonly targetDetails: boolean;
  refNode(ref: string): SnapshotNode | undefined;
}

/**
 * Resolves a tool's `target`: a ref from the last snapshot (`e12`, `f1e3`) or a Playwright selector. Fails fast with
 * a message naming the target instead of waiting for an element that will never come. `look` only looks (a check
 * before the call that acts): no `resolved` then, the record of what the call acted on for its event.
 */
/**
 * The element a ref, selector or locator expression (`getByRole('button', { name: 'Save' })`, as the peer takes it)
 * names, unchecked and without a round trip (locateTarget checks it).
 */
export const targetLocator = (page: Page, target: string): Locator =>
  page.locator(REF.test(target) ? `aria-ref=${target}` : (selectorOf(target, testIdAttribute()) ?? target));

export async function locateTarget(
  scope: TargetScope,
  target: string,
  look: boolean,
): Promise<{ locator: Locator; code: string; resolved?: ResolvedTarget }> {
  // A ref is a few characters and a selector rarely a hundred; a huge one only makes the page parse it (and the
  // error quote it): refuse it by its length.
  if (target.length > MAX_TARGET_CHARS) {
    throw new Error(
      `The target is ${target.length.toLocaleString('en-US')} characters long; a ref or selector is at most ${MAX_TARGET_CHARS.toLocaleString('en-US')}. Use a ref from the page snapshot.`,
    );
  }
  const details = !look && scope.targetDetails;
  if (REF.test(target)) {
    if (!scope.snapshotRefs.has(target)) throw new RefNotFoundError(target);
    const locator = targetLocator(scope.page, target);
    // normalize() resolves the element once, so it doubles as the check that the ref is still on the page. The box
    // and the element's facts (for locator candidates) are read alongside.
    const [normalized, box, element] = await Promise.all([
      locator.normalize().catch(() => undefined),
      details ? boxOf(locator) : undefined,
      details ? elementFactsOf(locator) : undefined,
    ]);
    if (!normalized) throw new RefNotFoundError(target);
    const code = `page.${normalized.toString()}`;
    if (look) return { locator, code };
    const node = scope.refNode(target);
    return {
      locator,
      code,
      resolved: {
        target,
        ref: target,
        role: node?.role,
        name: node?.name,
        locator: code,
        ...(box && { box }),
        ...(element && { element }),
      },
    };
  }
  let locator: Locator;
  let count: number;
  try {
    if (selectorOf(target, testIdAttribute()) === undefined) throw new Error('the locator expression does not parse');
    locator = targetLocator(scope.page, target);
    count = await locator.count();
  } catch (error) {
    throw new Error(`"${target}" is neither a ref from the snapshot nor a valid selector: ${firstLine(error)}`);
  }
  // The peer's words: an agent (or client) that reads them for a missing element reads ours alike.
  if (count === 0) throw new Error(`"${target}" does not match any elements.`);
  if (count > 1)
    throw new Error(
      `Selector "${target}" matches ${count} elements; use a ref from the page snapshot or a more specific selector.`,
    );
  // The code names the element as Playwright normalizes the selector (getByTestId, getByRole…) where it can: an
  // exported spec outlives a CSS path or an XPath (README, "Differences from Playwright MCP").
  const [code, box, element] = await Promise.all([
    locator.normalize().then(
      normalized => `page.${normalized.toString()}`,
      () => `page.locator(${jsString(target)})`,
    ),
    details ? boxOf(locator) : undefined,
    details ? elementFactsOf(locator) : undefined,
  ]);
  if (look) return { locator, code };
  return { locator, code, resolved: { target, locator: code, ...(box && { box }), ...(element && { element }) } };
}

/** The element's bounding box now, or undefined when it has none (hidden) or does not resolve quickly. */
const boxOf = (locator: Locator) =>
  locator.boundingBox({ timeout: 1_000 }).then(
    box => box ?? undefined,
    () => undefined,
  );
