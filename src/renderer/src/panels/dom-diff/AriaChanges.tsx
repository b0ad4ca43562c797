import { useMemo } from 'react';
import type { AriaChange } from '../../../../shared/aria-diff';
import { useStore } from '../../store';
import { useShownPieces } from './useShownPieces';

const KIND_LABEL = { added: 'added', removed: 'removed', changed: 'changed' } as const;
/** Rows per rendered piece: a navigation to a large page adds thousands of nodes, far more than fill the column. */
const PIECE_ROWS = 200;

/**
 * The aria tree's changes, one row each, rendered a piece at a time as the reader scrolls; a row with a ref still in
 * the tree selects that node there.
 */
export function AriaChanges({ changes }: { changes: AriaChange[] }) {
  const nodes = useStore(state => state.nodes);
  const selectNode = useStore(state => state.selectNode);
  // Looked up once per tree: a search of the tree per change is quadratic, seconds for 10,000 changes and nodes.
  const indexByRef = useMemo(() => {
    const byRef = new Map<string, number>();
    nodes.forEach((node, index) => {
      if (node.ref && !byRef.has(node.ref)) byRef.set(node.ref, index);
    });
    return byRef;
  }, [nodes]);
  const { shown, more, sentinel } = useShownPieces(Math.ceil(changes.length / PIECE_ROWS), changes);
  if (!changes.length) return <p className="empty">No nodes added, removed or changed.</p>;
  const counts = { added: 0, removed: 0, changed: 0 };
  for (const change of changes) counts[change.kind]++;
  return (
    <div className="aria-changes" data-testid="aria-changes">
      <p className="muted aria-change-counts">
        {counts.added} added · {counts.removed} removed · {counts.changed} changed
      </p>
      <ul>
        {changes.slice(0, shown * PIECE_ROWS).map((change, index) => {
          const nodeIndex = change.ref && change.kind !== 'removed' ? (indexByRef.get(change.ref) ?? -1) : -1;
          return (
            <li key={index} className={`aria-change ${change.kind}`} data-testid="aria-change" data-kind={change.kind}>
              <span className={`change-kind ${change.kind}`}>{KIND_LABEL[change.kind]}</span>
              <button
                type="button"
                className="link-button"
                disabled={nodeIndex < 0}
                title={nodeIndex < 0 ? 'Not in the tree shown' : 'Select in the aria tree'}
                onClick={() => selectNode(nodeIndex)}
              >
                {change.ref ? <span className="ref">{change.ref}</span> : null}{' '}
                {change.kind === 'changed' ? change.after : (change.after ?? change.before)}
              </button>
              {change.kind === 'changed' ? <div className="change-before muted">was: {change.before}</div> : null}
              {change.parent ? <div className="change-parent muted">in {change.parent}</div> : null}
            </li>
          );
        })}
      </ul>
      {more ? (
        <div ref={sentinel} className="diff-more muted">
          Rendering more of the changes…
        </div>
      ) : null}
    </div>
  );
}
