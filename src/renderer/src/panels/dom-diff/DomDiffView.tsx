import { html as diffHtml } from 'diff2html';
import { ColorSchemeType } from 'diff2html/lib-esm/types';
import 'diff2html/bundles/css/diff2html.min.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { StepDiff } from '../../../../shared/bridge';
import { inspector } from '../../bridge/inspector';
import { useTabVisible } from '../../components/tab-visible';
import { useStore } from '../../store';
import { AriaChanges } from './AriaChanges';
import { diffStats, splitUnifiedDiff } from './chunks';
import { useShownPieces } from './useShownPieces';

/** Lines per rendered piece: the first shows at once, the next as the reader scrolls near the end. */
const PIECE_LINES = 300;
type Layout = 'side-by-side' | 'line-by-line';
const LAYOUT_KEY = 'agent-inspector.diff-layout';

/**
 * The selected step's DOM diff (diff2html, side by side or line by line) beside what changed in the aria tree, or
 * the same between any earlier step and this one. Page content only ever reaches the DOM as text: diff2html escapes
 * every line it renders.
 */
export function DomDiffView() {
  const sessionId = useStore(state => state.opened?.session.id);
  const steps = useStore(state => state.opened?.steps);
  const seq = useStore(state => state.selectedSeq);
  const theme = useStore(state => state.theme);
  const toast = useStore(state => state.toast);
  const [fromSeq, setFromSeq] = useState<number>();
  const [layout, setLayout] = useState<Layout>(() =>
    localStorage.getItem(LAYOUT_KEY) === 'line-by-line' ? 'line-by-line' : 'side-by-side',
  );
  const [result, setResult] = useState<{ key: string; diff: StepDiff }>();
  const key = `${sessionId}:${seq}:${fromSeq ?? ''}`;
  // A diff between two large snapshots takes the server hundreds of milliseconds and comes back as megabytes: while
  // another tab is shown it is not asked for, so selecting steps there stays fast; showing this tab asks for it.
  const visible = useTabVisible();
  const fetchedKey = useRef<string>(undefined);

  useEffect(() => setFromSeq(undefined), [sessionId, seq]);
  useEffect(() => {
    if (!visible || fetchedKey.current === key) return;
    if (!sessionId || seq === undefined || (fromSeq !== undefined && fromSeq >= seq)) return;
    let current = true;
    inspector.invoke('stepDiff', { sessionId, seq, ...(fromSeq !== undefined && { fromSeq }) }).then(
      diff => {
        if (!current) return;
        fetchedKey.current = key;
        setResult({ key, diff });
      },
      error => current && toast(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
    // A live step's diff does not change once published; the session's step count need not refetch it.
  }, [visible, sessionId, seq, fromSeq, key, toast]);

  const chooseLayout = (next: Layout) => {
    localStorage.setItem(LAYOUT_KEY, next);
    setLayout(next);
  };

  if (seq === undefined) return <p className="empty">Select a step to see what it changed.</p>;
  const diff = result?.key === key ? result.diff : undefined;
  const earlier = (steps ?? []).filter(step => step.seq < seq);
  return (
    <div className="dom-diff" data-testid="dom-diff">
      <div className="diff-toolbar">
        <label>
          Compare step {seq} with{' '}
          <select
            data-testid="diff-from"
            value={fromSeq ?? ''}
            onChange={event => setFromSeq(event.target.value ? Number(event.target.value) : undefined)}
          >
            <option value="">the step before</option>
            {earlier.map(step => (
              <option key={step.seq} value={step.seq}>
                step {step.seq} · {step.tool.replace(/^browser_/, '')}
              </option>
            ))}
          </select>
        </label>
        <span className="grow" />
        <div className="segmented" role="group" aria-label="Diff layout">
          {(['side-by-side', 'line-by-line'] as const).map(option => (
            <button
              key={option}
              type="button"
              aria-pressed={layout === option}
              data-testid={`diff-${option}`}
              onClick={() => chooseLayout(option)}
            >
              {option === 'side-by-side' ? 'Side by side' : 'Line by line'}
            </button>
          ))}
        </div>
      </div>
      {!diff ? (
        <p className="empty">Loading…</p>
      ) : (
        <div className="diff-columns">
          <section className="diff-dom" aria-label="DOM diff">
            <h3>
              DOM
              {diff.domFrom !== undefined && diff.domTo !== undefined ? ` · step ${diff.domFrom} → ${diff.domTo}` : ''}
              {diff.dom ? <DiffStats diff={diff.dom} /> : null}
            </h3>
            {diff.dom ? (
              <DiffPieces diff={diff.dom} layout={layout} dark={theme === 'dark'} />
            ) : (
              <p className="empty" data-testid="dom-diff-note">
                {diff.domNote}
              </p>
            )}
          </section>
          <section className="diff-aria" aria-label="Aria tree changes">
            <h3>
              Aria tree
              {diff.ariaFrom !== undefined && diff.ariaTo !== undefined
                ? ` · step ${diff.ariaFrom} → ${diff.ariaTo}`
                : ''}
            </h3>
            {diff.aria ? <AriaChanges changes={diff.aria} /> : <p className="empty">{diff.ariaNote}</p>}
          </section>
        </div>
      )}
    </div>
  );
}

function DiffStats({ diff }: { diff: string }) {
  const { added, removed } = useMemo(() => diffStats(diff), [diff]);
  return (
    <span className="diff-stats">
      <span className="added">+{added}</span> <span className="removed">−{removed}</span>
    </span>
  );
}

/** The diff rendered a piece at a time: more pieces as a sentinel after the last one scrolls into view. */
function DiffPieces({ diff, layout, dark }: { diff: string; layout: Layout; dark: boolean }) {
  // DomState's headers carry labels after a tab (`dom.html\t(after 003-click)`): diff2html would call that a rename.
  const pieces = useMemo(
    () => splitUnifiedDiff(diff.replace(/^(---|\+\+\+) (\S+)\t.*$/gm, '$1 $2'), PIECE_LINES),
    [diff],
  );
  const { shown, more, sentinel } = useShownPieces(pieces.length, pieces);
  return (
    <div className="diff-pieces" data-testid="dom-diff-body" data-pieces={pieces.length} data-shown={shown}>
      {pieces.slice(0, shown).map((piece, index) => (
        <DiffPiece key={index} piece={piece} layout={layout} dark={dark} />
      ))}
      {more ? (
        <div ref={sentinel} className="diff-more muted">
          Rendering more of the diff…
        </div>
      ) : null}
    </div>
  );
}

function DiffPiece({ piece, layout, dark }: { piece: string; layout: Layout; dark: boolean }) {
  // diff2html escapes the diff's text into its markup (checked by e2e/ui-dom-diff.spec.ts with script payloads).
  const markup = useMemo(
    () =>
      diffHtml(piece, {
        outputFormat: layout,
        drawFileList: false,
        matching: 'none',
        colorScheme: dark ? ColorSchemeType.DARK : ColorSchemeType.LIGHT,
      }),
    [piece, layout, dark],
  );
  return <div className="diff-piece" dangerouslySetInnerHTML={{ __html: markup }} />;
}
