import { useEffect, useRef, type MouseEvent } from 'react';
import { refAt } from '../../components/refs';

/**
 * Colours drawn with the CSS Custom Highlight API: ranges over one text node, so a 500 KB snapshot is a single DOM
 * node to lay out instead of tens of thousands of spans. One registry entry per kind, shared by every instance.
 */
const PATTERNS = {
  'response-ref': /\[ref=(?:f\d+)?e\d+\]/g,
  'response-role': /^\s*- (?!\/)([a-z]+)/gm,
  'response-name': /"(?:[^"\\\n]|\\.)*"/g,
} as const;
type Kind = keyof typeof PATTERNS;

let registry: Record<Kind, Highlight> | undefined;
function highlights(): Record<Kind, Highlight> | undefined {
  if (registry || typeof CSS === 'undefined' || !('highlights' in CSS)) return registry;
  registry = { 'response-ref': new Highlight(), 'response-role': new Highlight(), 'response-name': new Highlight() };
  for (const [kind, highlight] of Object.entries(registry)) CSS.highlights.set(kind, highlight);
  return registry;
}

/** The character offset under the pointer within the text node, where the browser can tell. */
function offsetAt(x: number, y: number, node: Node): number | undefined {
  const doc = document as Document & { caretRangeFromPoint?: (x: number, y: number) => Range | null };
  const position = doc.caretPositionFromPoint?.(x, y);
  if (position) return position.offsetNode === node ? position.offset : undefined;
  const range = doc.caretRangeFromPoint?.(x, y);
  return range?.startContainer === node ? range.startOffset : undefined;
}

/** The `[ref=eN]` under the pointer, if any. */
function refUnder(event: MouseEvent<HTMLPreElement>, text: string): string | undefined {
  const node = event.currentTarget.firstChild;
  if (!node) return undefined;
  const offset = offsetAt(event.clientX, event.clientY, node);
  if (offset === undefined) return undefined;
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  const line = text.slice(start, end < 0 ? undefined : end);
  const column = offset - start;
  // Only a click on the ref itself counts: elsewhere on the line the user is selecting text.
  const match = [...line.matchAll(PATTERNS['response-ref'])].find(m => column >= m.index && column <= m.index + m[0].length);
  return match ? refAt(match[0], 0) : undefined;
}

/** An aria snapshot (or any YAML) as received, roles, names and refs coloured, each `[ref=eN]` clickable. */
export function YamlText({ text, onRef }: { text: string; onRef(ref: string): void }) {
  const pre = useRef<HTMLPreElement>(null);

  useEffect(() => {
    const node = pre.current?.firstChild;
    const registered = highlights();
    if (!node || !registered) return;
    const added: [Highlight, Range][] = [];
    for (const [kind, pattern] of Object.entries(PATTERNS) as [Kind, RegExp][]) {
      for (const match of text.matchAll(pattern)) {
        const range = new Range();
        // The role pattern colours the role word only, not the indentation before it.
        const start = kind === 'response-role' ? match.index + match[0].length - match[1].length : match.index;
        range.setStart(node, start);
        range.setEnd(node, match.index + match[0].length);
        registered[kind].add(range);
        added.push([registered[kind], range]);
      }
    }
    return () => {
      for (const [highlight, range] of added) highlight.delete(range);
    };
  }, [text]);

  return (
    <pre
      ref={pre}
      className="response-text response-yaml"
      onClick={event => {
        if (window.getSelection()?.toString()) return;
        const ref = refUnder(event, text);
        if (ref) onRef(ref);
      }}
      onMouseMove={event => {
        event.currentTarget.style.cursor = refUnder(event, text) ? 'pointer' : '';
      }}
    >
      {text}
    </pre>
  );
}
