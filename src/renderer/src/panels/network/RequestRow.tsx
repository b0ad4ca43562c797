import { isFailedRequest, type NetworkActivity } from '../../../../shared/activity';
import { CopyButton } from '../../components/CopyButton';
import { StepMarks } from '../activity/ActivityToolbar';
import { bytes, clock, duration } from '../activity/format';
import { copyableHeaders, curlCommand, fetchSnippet } from './copy-request';

/** One request: a row of the table, and under it, when opened, its headers, body and the copy buttons. */
export function RequestRow({
  request,
  showSeq,
  reveal,
  open,
  onToggle,
}: {
  request: NetworkActivity;
  showSeq: boolean;
  reveal: boolean;
  open: boolean;
  onToggle(): void;
}) {
  const failed = isFailedRequest(request);
  const url = splitUrl(request.url);
  const detailsId = `request-${request.id}-details`;
  return (
    <tbody
      className={`network-request${failed ? ' network-failed' : ''}${request.pending ? ' network-pending' : ''}`}
      data-testid="network-entry"
      data-seq={request.seq}
      data-failed={failed || undefined}
      data-pending={request.pending || undefined}
    >
      <tr>
        <td className="network-status" title={request.failure ?? request.statusText}>
          {request.pending ? 'pending' : request.failure ? 'failed' : request.status}
        </td>
        <td>{request.method}</td>
        <td className="network-url">
          <div className="network-url-line">
            <button
              type="button"
              className="link-button"
              aria-expanded={open}
              aria-controls={detailsId}
              title={request.url}
              onClick={onToggle}
            >
              <span className="network-path">{url.path}</span> <span className="muted">{url.origin}</span>
            </button>
            <StepMarks seq={request.seq} between={request.between} showSeq={showSeq} />
          </div>
        </td>
        <td className="muted">{request.resourceType}</td>
        <td className="number">{request.size === undefined ? '' : bytes(request.size)}</td>
        <td className="number">{request.durationMs === undefined ? '' : duration(request.durationMs)}</td>
      </tr>
      {open && (
        <tr className="network-details" id={detailsId}>
          <td colSpan={6}>
            <p className="network-full-url">
              <code>
                {request.method} {request.url}
              </code>
            </p>
            <p className="muted">
              Started {clock(request.time)}
              {request.status !== undefined && ` · ${request.status} ${request.statusText ?? ''}`}
              {request.failure && <span className="problem"> · {request.failure}</span>}
              {request.pending && ' · still in flight when the step was recorded'}
            </p>
            <div className="network-copy">
              <CopyButton text={curlCommand(request, reveal)} label="Copy as cURL" />
              <CopyButton text={fetchSnippet(request, reveal)} label="Copy as fetch" />
            </div>
            <Headers request={request} reveal={reveal} />
            {request.postData !== undefined && (
              <>
                <h4>Request body</h4>
                <pre className="network-body">{request.postData}</pre>
              </>
            )}
          </td>
        </tr>
      )}
    </tbody>
  );
}

function Headers({ request, reveal }: { request: NetworkActivity; reveal: boolean }) {
  if (!request.requestHeaders)
    return <p className="muted">Request headers are kept for documents, fetch and XHR requests only.</p>;
  const headers = copyableHeaders(request, reveal);
  return (
    <>
      <h4>Request headers</h4>
      <table className="network-headers">
        <tbody>
          {headers.map(([name, value]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The path and query first (what tells requests apart), the origin after. */
function splitUrl(url: string): { path: string; origin: string } {
  try {
    const parsed = new URL(url);
    return parsed.protocol.startsWith('http')
      ? { path: `${parsed.pathname}${parsed.search}`, origin: parsed.host }
      : { path: url, origin: '' };
  } catch {
    return { path: url, origin: '' };
  }
}
