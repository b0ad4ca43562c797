import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef } from 'react';
import { yamlPieces } from './yaml-line';

/** Up to this many lines a body is one plain block (wrapped, selectable as a whole); longer ones are virtualized. */
const PLAIN_LINES = 400;
const LINE_HEIGHT = 17;
/** A long body scrolls inside a box of this many lines, so the sections after it stay in reach. */
const VISIBLE_LINES = 36;

/**
 * A section's body as the agent read it. Snapshot YAML has its roles, names and refs coloured, each `[ref=eN]` a
 * button that selects the node in the aria tree. A long body renders only the lines in view: a 500 KB snapshot would
 * otherwise take seconds to lay out.
 */
export function SectionBody({ text, yaml, onRef }: { text: string; yaml: boolean; onRef(ref: string): void }) {
  const lines = useMemo(() => text.split('\n'), [text]);
  if (lines.length <= PLAIN_LINES) {
    return (
      <pre className={`response-text${yaml ? ' response-yaml' : ''}`}>
        {yaml
          ? lines.map((line, index) => <Line key={index} line={line} last={index === lines.length - 1} onRef={onRef} />)
          : text}
      </pre>
    );
  }
  return <VirtualLines lines={lines} yaml={yaml} onRef={onRef} />;
}

function VirtualLines({ lines, yaml, onRef }: { lines: string[]; yaml: boolean; onRef(ref: string): void }) {
  const scroller = useRef<HTMLPreElement>(null);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => LINE_HEIGHT,
    overscan: 20,
  });
  return (
    <pre
      ref={scroller}
      className={`response-text response-virtual${yaml ? ' response-yaml' : ''}`}
      style={{ height: VISIBLE_LINES * LINE_HEIGHT }}
      data-lines={lines.length}
      tabIndex={0}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map(item => (
          <div
            key={item.index}
            className="response-line"
            style={{ transform: `translateY(${item.start}px)`, height: LINE_HEIGHT }}
          >
            {yaml ? <Line line={lines[item.index]} last onRef={onRef} /> : lines[item.index]}
          </div>
        ))}
      </div>
    </pre>
  );
}

const Line = memo(function Line({ line, last, onRef }: { line: string; last: boolean; onRef(ref: string): void }) {
  return (
    <>
      {yamlPieces(line).map((piece, index) =>
        piece.kind === 'ref' ? (
          <button
            key={index}
            type="button"
            className="yaml-ref"
            title={`Select ${piece.ref} in the aria tree`}
            onClick={() => onRef(piece.ref!)}
          >
            {piece.text}
          </button>
        ) : piece.kind === 'text' ? (
          piece.text
        ) : (
          <span key={index} className={`yaml-${piece.kind}`}>
            {piece.text}
          </span>
        ),
      )}
      {last ? null : '\n'}
    </>
  );
});
