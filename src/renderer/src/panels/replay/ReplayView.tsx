import { useEffect, useState } from 'react';
import type { StepImage } from '../../../../shared/bridge';
import { PAIR_MARK, PAIR_STATUS } from '../../../../shared/comparison';
import type { ReplayStepResult } from '../../../../shared/replay-view';
import { useStore } from '../../store';
import { imageSrc } from '../../components/image-src';

/** A unified diff as text, one line per row, coloured by its first character (never parsed as markup). */
function DiffText({ diff }: { diff: string }) {
  return (
    <pre className="replay-diff" data-testid="replay-diff">
      {diff.split('\n').map((line, index) => (
        <span
          key={index}
          className={
            line.startsWith('+') && !line.startsWith('+++')
              ? 'ins'
              : line.startsWith('-') && !line.startsWith('---')
                ? 'del'
                : line.startsWith('@@')
                  ? 'hunk'
                  : undefined
          }
        >
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

function Shot({
  label,
  image,
  note,
  testId,
}: {
  label: string;
  image?: StepImage | null;
  note: string;
  testId: string;
}) {
  return (
    <figure className="replay-shot" data-testid={testId}>
      <figcaption>{label}</figcaption>
      {image ? <img src={imageSrc(image)} alt={label} /> : <p className="empty">{note}</p>}
    </figure>
  );
}

/** The "Replay" tab: the selected step's replay beside its recording — both screenshots, the result, what drifted. */
export function ReplayView() {
  const detail = useStore(state => state.detail);
  const selectedSeq = useStore(state => state.selectedSeq);
  const result = useStore(state =>
    selectedSeq === undefined || state.replay?.sessionId !== state.openSessionId
      ? undefined
      : state.replay?.results.get(selectedSeq),
  );
  const replayScreenshot = useStore(state => state.replayScreenshot);
  const compareReplay = useStore(state => state.compareReplay);
  const [replayed, setReplayed] = useState<{ seq: number; image: StepImage | null }>();

  useEffect(() => {
    if (selectedSeq === undefined || !result?.hasScreenshot) return setReplayed(undefined);
    let current = true;
    void replayScreenshot(selectedSeq).then(
      image => current && setReplayed({ seq: selectedSeq, image: image ?? null }),
    );
    return () => {
      current = false;
    };
  }, [selectedSeq, result, replayScreenshot]);

  if (selectedSeq === undefined) return <p className="empty">Select a step to see how it replayed.</p>;
  const recorded = detail?.step.seq === selectedSeq ? detail.screenshot : undefined;
  return (
    <div className="replay-view" data-testid="replay-view" data-seq={selectedSeq}>
      <ResultLine seq={selectedSeq} result={result} />
      <div className="replay-shots">
        <Shot
          label={`Recorded · step ${selectedSeq}`}
          image={recorded}
          note="No screenshot was recorded for this step."
          testId="replay-recorded-shot"
        />
        <Shot
          label="Replayed"
          image={replayed?.seq === selectedSeq ? replayed.image : undefined}
          note={
            !result
              ? 'Not replayed yet.'
              : result.status === 'skipped'
                ? 'Not replayed (skipped).'
                : 'No screenshot of the replay for this step.'
          }
          testId="replay-replayed-shot"
        />
      </div>
      {result?.drift.map((drift, index) => (
        <div key={index} className="replay-drift" data-testid="replay-drift">
          <p>
            <span className={`replay-badge replay-${result.status}`}>{drift.kind}</span> {drift.summary}
          </p>
          {drift.diff ? <DiffText diff={drift.diff} /> : null}
        </div>
      ))}
      {result?.compared ? (
        <div className="replay-drift" data-testid="replay-compared" data-pair={result.compared.status}>
          <p>
            <span className={`replay-badge replay-${result.status}`}>
              {PAIR_MARK[result.compared.status]} {PAIR_STATUS[result.compared.status]}
            </span>{' '}
            compared with the recording{' '}
            <button type="button" data-testid="replay-compare-step" onClick={() => void compareReplay(selectedSeq)}>
              Open in Compare
            </button>
          </p>
          <ul className="compare-differences">
            {result.compared.differences.map(line => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {result.compared.ariaDiff ? <DiffText diff={result.compared.ariaDiff} /> : null}
        </div>
      ) : null}
    </div>
  );
}

function ResultLine({ seq, result }: { seq: number; result?: ReplayStepResult }) {
  if (!result) {
    return (
      <p className="replay-result muted" data-testid="replay-result">
        Step {seq} has not been replayed: Step (F10) replays the next step, To here replays up to this one.
      </p>
    );
  }
  return (
    <p className="replay-result" data-testid="replay-result" data-status={result.status}>
      <span className={`replay-badge replay-${result.status}`}>{result.status}</span> Step {seq}
      {result.status === 'skipped' ? ` · ${result.skipped}` : ` · replayed in ${result.durationMs} ms`}
      {result.status === 'ok' ? ' · as recorded' : ''}
    </p>
  );
}
