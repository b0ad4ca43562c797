import { expect, test } from '@playwright/test';
import { AmbiguousElementError, ElementNotFoundError } from './errors';
import { AccessibilitySnapshot, describeElement, parseAriaSnapshot } from './snapshot';

// Shaped like real output of both servers: frames, props, inline text, quoting, ref-less nodes.
const YAML = `- generic [active] [ref=f1e1]:
  - heading "Frames and shadow DOM" [level=1] [ref=f1e2]
  - generic [ref=f1e4]:
    - text: Shadow name
    - button "Shadow action" [ref=f1e5]
  - iframe [ref=f1e6]:
    - generic [ref=f2e1]:
      - textbox "Card number" [ref=f2e3]
      - button "Pay now" [ref=f2e4]
  - combobox "Country" [ref=f1e10]:
    - option "Choose…" [selected]
    - option "France"
  - 'button "Save: draft" [pressed=mixed] [ref=f1e11]'
  - status [ref=f1e12]: "Saved: 3 items"
  - link "Docs" [ref=f1e13] [cursor=pointer]:
    - /url: https://example.com/docs
  - checkbox "Terms" [checked] [disabled] [ref=f1e14]
  - button "Say \\"hi\\"" [expanded] [ref=f1e15]
  - paragraph [ref=f1e16]: "42"`;

test('parses roles, names, refs and depth, with frame refs', () => {
  const elements = parseAriaSnapshot(YAML);
  expect(elements.map(e => [e.ref, e.role, e.name, e.depth])).toEqual([
    ['f1e1', 'generic', '', 0],
    ['f1e2', 'heading', 'Frames and shadow DOM', 1],
    ['f1e4', 'generic', '', 1],
    ['f1e5', 'button', 'Shadow action', 2],
    ['f1e6', 'iframe', '', 1],
    ['f2e1', 'generic', '', 2],
    ['f2e3', 'textbox', 'Card number', 3],
    ['f2e4', 'button', 'Pay now', 3],
    ['f1e10', 'combobox', 'Country', 1],
    [undefined, 'option', 'Choose…', 2],
    [undefined, 'option', 'France', 2],
    ['f1e11', 'button', 'Save: draft', 1],
    ['f1e12', 'status', '', 1],
    ['f1e13', 'link', 'Docs', 1],
    ['f1e14', 'checkbox', 'Terms', 1],
    ['f1e15', 'button', 'Say "hi"', 1],
    ['f1e16', 'paragraph', '', 1],
  ]);
});

test('links each element to its parent, across frames', () => {
  const snapshot = AccessibilitySnapshot.parse(YAML);
  const parentRef = (ref: string) => snapshot.parentOf(snapshot.byRef(ref)!)?.ref;
  expect(parentRef('f1e1')).toBeUndefined();
  expect(parentRef('f1e5')).toBe('f1e4');
  expect(parentRef('f2e3')).toBe('f2e1');
  expect(parentRef('f2e1')).toBe('f1e6');
  // After a deeper subtree, a shallower line attaches to the right ancestor again.
  expect(parentRef('f1e10')).toBe('f1e1');
  expect(snapshot.childrenOf(snapshot.byRef('f1e6')!).map(e => e.ref)).toEqual(['f2e1']);
});

test('reads states, properties, cursor hints and text', () => {
  const snapshot = AccessibilitySnapshot.parse(YAML);
  const at = (ref: string) => snapshot.byRef(ref)!;
  expect(at('f1e1').attributes).toEqual({ active: true });
  expect(at('f1e2').attributes).toEqual({ level: 1 });
  expect(at('f1e11').attributes).toEqual({ pressed: 'mixed' });
  expect(at('f1e13').attributes).toEqual({ cursor: 'pointer', url: 'https://example.com/docs' });
  expect(at('f1e14').attributes).toEqual({ checked: true, disabled: true });
  expect(at('f1e15').attributes).toEqual({ expanded: true });
  expect(snapshot.elements[9].attributes).toEqual({ selected: true });
  expect(at('f1e4').text).toBe('Shadow name');
  expect(at('f1e12').text).toBe('Saved: 3 items');
  expect(at('f1e16').text).toBe('42');
  expect(at('f1e2').text).toBeUndefined();
});

test('joins several text children; escaped values are decoded', () => {
  const [paragraph] = parseAriaSnapshot(
    '- paragraph [ref=e1]:\n  - text: Hello\n  - link "world" [ref=e2]\n  - text: "\\"quoted\\"\\ttab"',
  );
  expect(paragraph.text).toBe('Hello "quoted"\ttab');
});

test('an empty snapshot has no elements', () => {
  expect(parseAriaSnapshot('')).toEqual([]);
  expect(AccessibilitySnapshot.parse('\n').elements).toEqual([]);
});

test('find returns the one match; findAll every match', () => {
  const snapshot = AccessibilitySnapshot.parse(YAML);
  expect(snapshot.find("textbox[name='Card number']").ref).toBe('f2e3');
  expect(snapshot.find('text=pay').ref).toBe('f2e4');
  expect(snapshot.findAll('button').map(e => e.ref)).toEqual(['f1e5', 'f2e4', 'f1e11', 'f1e15']);
  expect(describeElement(snapshot.find('heading'))).toBe('heading "Frames and shadow DOM" [ref=f1e2]');
});

test('find names the selector and near candidates when nothing matches', () => {
  const snapshot = AccessibilitySnapshot.parse(YAML);
  const error = catchError(() => snapshot.find("button[name='Pay']"));
  expect(error).toBeInstanceOf(ElementNotFoundError);
  const notFound = error as ElementNotFoundError;
  expect(notFound.selector).toBe("button[name='Pay']");
  expect(notFound.candidates[0]).toBe('button "Pay now" [ref=f2e4]');
  expect(notFound.message).toContain('No element matches "button[name=\'Pay\']"');
  expect(notFound.message).toContain('Near candidates: button "Pay now" [ref=f2e4]');
});

test('find lists the matches when several match', () => {
  const snapshot = AccessibilitySnapshot.parse(YAML);
  const error = catchError(() => snapshot.find('button'));
  expect(error).toBeInstanceOf(AmbiguousElementError);
  expect((error as AmbiguousElementError).matches).toHaveLength(4);
  expect(error.message).toContain('"button" matches 4 elements');
  expect(error.message).toContain('button "Shadow action" [ref=f1e5]');
});

test('find refuses browser selectors, which the snapshot cannot answer', () => {
  expect(() => AccessibilitySnapshot.parse(YAML).find('#card')).toThrow('is a browser (CSS) selector');
});

function catchError(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}
