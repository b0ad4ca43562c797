import { useState } from 'react';
import { isFailedRequest, type NetworkActivity } from '../../../../shared/activity';
import { ActivityToolbar, DroppedNote } from '../activity/ActivityToolbar';
import { bytes } from '../activity/format';
import { matchesFilter, useStepActivity } from '../activity/useStepActivity';
import { RequestRow } from './RequestRow';

/**
 * The requests the page made during the selected step (or up to it): status, type, size and time, failures
 * highlighted; a request opens to its headers and body, and copies as cURL or fetch() with credentials masked until
 * the user reveals them.
 */
export function NetworkView() {
  const { seq, upTo, view } = useStepActivity();
  const [filter, setFilter] = useState('');
  const [reveal, setReveal] = useState(false);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  if (seq === undefined) return <p className="empty">Select a step to see the requests the page made.</p>;
  const requests =
    view?.network.filter(request =>
      matchesFilter(filter, request.method, request.url, request.status, request.resourceType, request.failure),
    ) ?? [];
  const failed = view?.network.filter(isFailedRequest).length ?? 0;
  const toggle = (id: number) =>
    setOpen(current => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <div className="activity network-view" data-testid="network-view">
      <ActivityToolbar filter={filter} onFilter={setFilter} filterLabel="Filter requests">
        <label title="Cookie, Authorization and API key headers are masked in the headers shown and in what is copied">
          <input type="checkbox" checked={reveal} onChange={event => setReveal(event.target.checked)} /> Reveal cookies
          and authorization
        </label>
        {view && (
          <span className="activity-counts muted" data-testid="network-counts">
            {view.network.length} {view.network.length === 1 ? 'request' : 'requests'}
            {failed > 0 && <span className="network-failed-count"> · {failed} failed</span>}
            {totalBytes(view.network)}
          </span>
        )}
      </ActivityToolbar>
      {!view ? (
        <p className="empty">Loading…</p>
      ) : view.note && !view.network.length ? (
        <p className="empty" data-testid="activity-note">
          {view.note}
        </p>
      ) : !view.network.length ? (
        <p className="empty" data-testid="network-empty">
          {upTo
            ? `No requests up to step ${seq}.`
            : `The page made no requests during step ${seq}, nor between it and the previous step.`}
        </p>
      ) : !requests.length ? (
        <p className="empty">No request matches “{filter}”.</p>
      ) : (
        <div className="network-scroll">
          <table className="network-table" aria-label="Requests">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Method</th>
                <th scope="col">URL</th>
                <th scope="col">Type</th>
                <th scope="col" className="number">
                  Size
                </th>
                <th scope="col" className="number">
                  Time
                </th>
              </tr>
            </thead>
            {requests.map(request => (
              <RequestRow
                key={request.id}
                request={request}
                showSeq={upTo}
                reveal={reveal}
                open={open.has(request.id)}
                onToggle={() => toggle(request.id)}
              />
            ))}
          </table>
        </div>
      )}
      {view?.note && view.network.length > 0 && (
        <p className="activity-note" data-testid="activity-note">
          {view.note}
        </p>
      )}
      {view && <DroppedNote count={view.dropped.network} what="requests were" />}
    </div>
  );
}

function totalBytes(requests: NetworkActivity[]): string {
  const sized = requests.filter(request => request.size !== undefined);
  if (!sized.length) return '';
  return ` · ${bytes(sized.reduce((sum, request) => sum + request.size!, 0))} transferred`;
}
