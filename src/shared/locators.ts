/**
 * Locator robustness: for each element a step targeted, the ways to locate it again (test id, role + name, label,
 * placeholder, text, CSS), how many elements each matched on the page the step acted on and on the following pages of
 * the same document, which one export uses and which one is recommended.
 */

/** Playwright's default for getByTestId. */
export const DEFAULT_TEST_ID_ATTRIBUTE = 'data-testid';

/**
 * The test id attributes recorded whatever the session's --test-id-attribute (besides that one): an app's convention
 * is often learnt after recording, and export can still use it (`export --test-id-attribute`).
 */
export const KNOWN_TEST_ID_ATTRIBUTES = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];

/**
 * What the element a step targeted looked like when it was resolved (read in the page alongside its box): what
 * locator candidates are built from. Texts are whitespace-normalized and cut short.
 */
export interface ElementFacts {
  /** Lower-case tag name. */
  tag: string;
  /** The test id attribute the session ran with (`--test-id-attribute`): the one its getByTestId used. */
  testIdAttribute: string;
  /** The element's test ids: that attribute's and KNOWN_TEST_ID_ATTRIBUTES' values, by attribute. */
  testIds?: Record<string, string>;
  /** Its label: aria-labelledby's text, aria-label, or a `<label>` (for= or wrapping). */
  label?: string;
  placeholder?: string;
  /** Its visible text. */
  text?: string;
  id?: string;
  /** A short CSS selector: `#id`, else a path of tags, stable classes and `:nth-of-type()` up to an id or body. */
  css?: string;
}

export type CandidateKind = 'test-id' | 'role' | 'label' | 'placeholder' | 'text' | 'css' | 'recorded';

/** How a kind is named in the report, its reasons and the Locators tab. */
export const KIND_LABEL: Record<CandidateKind, string> = {
  'test-id': 'test id',
  role: 'role+name',
  label: 'label',
  placeholder: 'placeholder',
  text: 'text',
  css: 'CSS',
  recorded: 'recorded locator',
};

/** How many elements a candidate matched in one recorded page state. */
export interface StateCount {
  /** The step whose recorded state was counted. */
  seq: number;
  count: number;
}

export interface LocatorCandidate {
  kind: CandidateKind;
  /** The Playwright code, e.g. `page.getByTestId('delete-2')`. */
  code: string;
  /** Elements matched on the page the step acted on; absent when that state was not recorded. */
  count?: number;
  /** Counts in the following recorded states of the same document (until a navigation). */
  later: StateCount[];
  /** Picks among several matches by position (`.nth()`, `.first()`, `.last()`): breaks when rows move. */
  positional: boolean;
  /** This is the locator the recording generated (what export uses unless another is chosen). */
  recorded: boolean;
}

/** The locator analysis of one targeted element of one step. */
export interface TargetLocators {
  seq: number;
  tool: string;
  /** Index in the step's `targets`. */
  target: number;
  /** What the agent targeted, e.g. `e12`. */
  ref: string;
  role?: string;
  name?: string;
  /** In priority order: test id, role + name, label, placeholder, text, CSS, then the recorded one if none of those. */
  candidates: LocatorCandidate[];
  /** The candidate export uses: the user's choice, else the recorded locator. */
  chosen: number;
  /** The user picked `chosen` (persisted; export uses it). */
  userChoice: boolean;
  /** The first candidate that matched exactly one element at the step and in every following state. */
  recommended?: number;
  /** Why `recommended` (or why none is). */
  reason: string;
  /** Set when the chosen locator is positional or did not match exactly one element: what is wrong with it. */
  warning?: string;
}

export interface LocatorReport {
  sessionId: string;
  targets: TargetLocators[];
  /** The test id attribute the candidates use. */
  testIdAttribute: string;
}

/** A user's pick: the code of the candidate to use for one target of one step. */
export interface LocatorChoice {
  seq: number;
  target: number;
  code: string;
}
