import { useMemo, useState } from 'react';
import type { ReportRun } from '../../../../shared/report';
import { useStore } from '../../store';
import { compactTokens } from '../token-chart/format';
import { duration } from '../timeline/TimelinePanel';

type Column = 'client' | 'startedAt' | 'steps' | 'durationMs' | 'errors' | 'tokens';

const errorsOf = (run: ReportRun) => run.failedCalls + run.pageErrors + run.failedRequests;
const SORTS: Record<Column, (run: ReportRun) => number | string> = {
  client: run => run.client.toLowerCase(),
  startedAt: run => run.startedAt,
  steps: run => run.steps,
  durationMs: run => run.durationMs,
  errors: errorsOf,
  tokens: run => run.tokens ?? -1,
};
const HEADINGS: [Column, string][] = [
  ['client', 'Run'],
  ['startedAt', 'Started'],
  ['steps', 'Steps'],
  ['durationMs', 'Duration'],
  ['errors', 'Errors'],
  ['tokens', 'Tokens'],
];

/**
 * A static report's front page: every run it holds, newest first (any column sorts), with what went wrong at a glance;
 * a run opens in the inspector's own panels, its data loaded only then.
 */
export function RunsPage() {
  const report = useStore(state => state.report)!;
  const openSession = useStore(state => state.openSession);
  const [sort, setSort] = useState<{ column: Column; descending: boolean }>({ column: 'startedAt', descending: true });
  const runs = useMemo(() => {
    const key = SORTS[sort.column];
    return [...report.list].sort(
      (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (sort.descending ? -1 : 1),
    );
  }, [report.list, sort]);
  const clientOf = useMemo(() => new Map(report.list.map(run => [run.sessionId, run])), [report.list]);
  const toggle = (column: Column) =>
    setSort(current => ({ column, descending: current.column === column ? !current.descending : column !== 'client' }));
  return (
    <div className="runs-page" data-testid="runs-page">
      <h2>Agent runs</h2>
      <p className="muted">
        {report.list.length} run{report.list.length === 1 ? '' : 's'} · written{' '}
        {new Date(report.createdAt).toLocaleString()} by {report.writer} · search them all with the box on the left
        (Ctrl+Shift+F)
      </p>
      <table className="runs-table">
        <thead>
          <tr>
            {HEADINGS.map(([column, label]) => (
              <th
                key={column}
                scope="col"
                aria-sort={sort.column === column ? (sort.descending ? 'descending' : 'ascending') : undefined}
              >
                <button type="button" className="runs-sort" onClick={() => toggle(column)}>
                  {label}
                  {sort.column === column ? (sort.descending ? ' ▾' : ' ▴') : ''}
                </button>
              </th>
            ))}
            <th scope="col">Download</th>
          </tr>
        </thead>
        <tbody>
          {runs.map(run => (
            <tr key={run.sessionId} data-testid="report-run" data-session-id={run.sessionId}>
              <th scope="row">
                <button type="button" className="runs-open" onClick={() => void openSession(run.sessionId)}>
                  {run.client}
                </button>
                {run.forkOf ? (
                  <span className="muted runs-fork" title="This run continues another from one of its steps">
                    {' '}
                    fork of {clientOf.get(run.forkOf.session)?.client ?? run.forkOf.session.slice(0, 8)} at step{' '}
                    {run.forkOf.step}
                  </span>
                ) : null}
                {run.divergence ? <Divergence divergence={run.divergence} /> : null}
              </th>
              <td>{new Date(run.startedAt).toLocaleString()}</td>
              <td data-testid="report-run-steps">{run.steps}</td>
              <td>{duration(run.durationMs)}</td>
              <td data-testid="report-run-errors">
                <Errors run={run} />
              </td>
              <td>{run.tokens === undefined ? '–' : compactTokens(run.tokens)}</td>
              <td>
                {run.zip ? (
                  <a href={run.zip} download>
                    zip
                  </a>
                ) : (
                  <span className="muted">–</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Where a fork parts from its parent, as `compare` aligns them. */
function Divergence({ divergence }: { divergence: NonNullable<ReportRun['divergence']> }) {
  if (!divergence.parts)
    return (
      <span className="runs-divergence muted" data-testid="report-run-divergence">
        {' '}
        · does what its parent did
      </span>
    );
  const where =
    divergence.forkSeq !== undefined
      ? `at its step ${divergence.forkSeq}`
      : `after the parent's step ${divergence.parentSeq}`;
  return (
    <span className="runs-divergence" data-testid="report-run-divergence" title={divergence.what}>
      {' '}
      · parts from its parent {where}: {divergence.what}
    </span>
  );
}

function Errors({ run }: { run: ReportRun }) {
  const parts = [
    run.failedCalls ? `${run.failedCalls} failed call${run.failedCalls === 1 ? '' : 's'}` : '',
    run.pageErrors ? `${run.pageErrors} page error${run.pageErrors === 1 ? '' : 's'}` : '',
    run.failedRequests ? `${run.failedRequests} failed request${run.failedRequests === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.length ? <span className="runs-errors">{parts.join(' · ')}</span> : <span className="muted">none</span>;
}

/** The open run's session zip (the app imports it as any session zip). */
export function DownloadRun({ sessionId }: { sessionId: string }) {
  const run = useStore(state => state.report?.list.find(candidate => candidate.sessionId === sessionId));
  if (!run?.zip) return null;
  return (
    <a className="button-link" href={run.zip} download data-testid="download-session">
      Download session
    </a>
  );
}
