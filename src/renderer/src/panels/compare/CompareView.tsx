import { html as diffHtml } from 'diff2html';
import { ColorSchemeType } from 'diff2html/lib-esm/types';
import 'diff2html/bundles/css/diff2html.min.css';
import { useEffect, useMemo, useRef } from 'react';
import {
  PAIR_MARK,
  PAIR_STATUS,
  type ComparedPair,
  type ComparedStep,
  type Comparison,
} from '../../../../shared/comparison';
import { useStore } from '../../store';
import type { Store } from '../../store/types';
import { ScreenshotPair } from './ScreenshotPair';

const stepText = (step?: ComparedStep) =>
  step ? `${step.seq} ${step.tool.replace(/^browser_/, '')}${step.target ? ` ${step.target}` : ''}` : '—';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** "Compare with…": the open session (A) and another (B) aligned step by step, in a dialog over the workspace. */
export function CompareView() {
  const comparison = useStore(state => state.comparison);
  return comparison ? <CompareDialog comparison={comparison} /> : null;
}

function CompareDialog({ comparison }: { comparison: NonNullable<Store['comparison']> }) {
  const close = useStore(state => state.closeCompare);
  const select = useStore(state => state.selectPair);
  const { result, error, selected } = comparison;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        select(selected + (event.key === 'ArrowDown' ? 1 : -1));
      } else if (event.key === 'n' && result) {
        // The next pair that differs, after the selected one.
        const next = result.pairs.findIndex((pair, index) => index > selected && pair.status !== 'same');
        if (next >= 0) select(next);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [close, select, selected, result]);

  return (
    <div className="modal-backdrop" onClick={event => event.target === event.currentTarget && close()}>
      <div
        className="modal compare-view"
        role="dialog"
        aria-modal="true"
        aria-label="Compare sessions"
        data-testid="compare-view"
      >
        <header className="modal-header">
          <h2>{comparison.ofReplay ? 'Replay compared with the recording' : 'Compare'}</h2>
          {result ? <Summary result={result} ofReplay={comparison.ofReplay} /> : null}
          <span className="grow" />
          <span className="muted">↑↓ pairs · n next difference · Esc close</span>
          <button type="button" className="icon-button" aria-label="Close" data-testid="compare-close" onClick={close}>
            ✕
          </button>
        </header>
        {error ? (
          <p className="empty error" data-testid="compare-error">
            {error}
          </p>
        ) : !result ? (
          <p className="empty">Aligning the two runs…</p>
        ) : (
          <div className="compare-body">
            <PairList result={result} selected={selected} onSelect={select} />
            <PairDetail comparison={comparison} result={result} pair={result.pairs[selected]} />
          </div>
        )}
      </div>
    </div>
  );
}

function Summary({ result, ofReplay }: { result: Comparison; ofReplay?: boolean }) {
  const { a, b, counts, firstDivergence } = result;
  // A replay counts no tokens: none is not shown as 0.
  const run = (side: Comparison['a']) =>
    `${side.steps} steps · ${seconds(side.durationMs)}${side.tokens ? ` · ${side.tokens} tokens` : ''}`;
  return (
    <span className="compare-summary" data-testid="compare-summary">
      <span>
        A{ofReplay ? ' (recording)' : ''}: {run(a)}
      </span>
      <span>
        B{ofReplay ? ' (replay)' : ''}: {run(b)}
      </span>
      <span>{firstDivergence ? `parted at pair ${firstDivergence.index + 1}` : 'no divergence'}</span>
      <span>
        {(['same', 'changed', 'only-a', 'only-b'] as const)
          .map(status => `${PAIR_MARK[status]} ${counts[status]}`)
          .join(' · ')}
      </span>
    </span>
  );
}

function PairList({
  result,
  selected,
  onSelect,
}: {
  result: Comparison;
  selected: number;
  onSelect(index: number): void;
}) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return (
    <ol className="compare-pairs" ref={list} role="listbox" aria-label="Aligned steps" data-testid="compare-pairs">
      {result.pairs.map((pair, index) => (
        <li
          key={index}
          role="option"
          aria-selected={index === selected}
          className={`compare-pair compare-${pair.status}${index === result.firstDivergence?.index ? ' compare-first' : ''}`}
          data-testid="compare-pair"
          data-status={pair.status}
          onClick={() => onSelect(index)}
        >
          <span className="compare-mark">{PAIR_MARK[pair.status]}</span>
          <span className="compare-step">{stepText(pair.a)}</span>
          <span className="compare-step">{stepText(pair.b)}</span>
        </li>
      ))}
    </ol>
  );
}

function PairDetail({
  comparison,
  result,
  pair,
}: {
  comparison: NonNullable<Store['comparison']>;
  result: Comparison;
  pair?: ComparedPair;
}) {
  const theme = useStore(state => state.theme);
  const aria = useMemo(
    () =>
      pair?.ariaDiff
        ? // One file on both sides (the left column is A, the right B): the diff's own headers name a replay's sides.
          diffHtml(
            pair.ariaDiff.replace(/^--- .*$/m, '--- a/aria snapshot').replace(/^\+\+\+ .*$/m, '+++ b/aria snapshot'),
            {
              outputFormat: 'side-by-side',
              drawFileList: false,
              colorScheme: theme === 'dark' ? ColorSchemeType.DARK : ColorSchemeType.LIGHT,
            },
          )
        : undefined,
    [pair, theme],
  );
  if (!pair) return <p className="empty">No steps in either run.</p>;
  // By index: the pair objects arrive over the bridge as copies.
  const first = result.firstDivergence?.index === comparison.selected;
  return (
    <section className="compare-detail" data-testid="compare-detail" aria-label="The selected pair">
      <h3>
        <span className={`badge compare-badge-${pair.status}`}>{PAIR_STATUS[pair.status]}</span>
        {first ? (
          <span className="badge badge-warn" data-testid="compare-first-divergence">
            first divergence
          </span>
        ) : null}
        <span>A {stepText(pair.a)}</span>
        <span className="muted">·</span>
        <span>B {stepText(pair.b)}</span>
      </h3>
      {pair.differences.length ? (
        <ul className="compare-differences" data-testid="compare-differences">
          {pair.differences.map(line => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <ScreenshotPair
        a={pair.a && { sessionId: comparison.a, seq: pair.a.seq }}
        b={pair.b && { sessionId: comparison.b, seq: pair.b.seq }}
      />
      {aria ? (
        // diff2html escapes every line of the diff: page text reaches the DOM as text only.
        <div className="compare-aria" data-testid="compare-aria-diff" dangerouslySetInnerHTML={{ __html: aria }} />
      ) : null}
    </section>
  );
}
