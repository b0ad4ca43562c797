import type { NegotiationTotals } from '../../../../shared/negotiation-view';
import { TOKEN_ENCODING } from '../../../../shared/tokens';
import { kb, tokens, TOKENS_HOW } from './format';

const HYBRID_ESTIMATE =
  'Always-hybrid: each planned step sent once with the semantic tree, skeleton DOM and screenshot. A step that did send ' +
  'hybrid context counts what that request cost; any other its first request plus its own skeleton and screenshot sizes, ' +
  "or this session's mean of each where it produced none.";

/** The session's negotiation at a glance: what was sent, and what always sending hybrid context would have cost. */
export function Totals({ totals }: { totals: NegotiationTotals }) {
  if (!totals.rounds) return null;
  const { hybridBytes, savedBytes } = totals;
  return (
    <div className="negotiation-totals" data-testid="negotiation-totals" aria-label="Session totals">
      <span className="muted">Session</span>
      <span data-testid="totals-steps">
        <b>{totals.interactions}</b> planned {totals.interactions === 1 ? 'step' : 'steps'}
      </span>
      <span data-testid="totals-rounds">
        <b>{totals.rounds}</b> {totals.rounds === 1 ? 'round' : 'rounds'}
      </span>
      <span data-testid="totals-sent" title={`${totals.bytesSent.toLocaleString('en-US')} bytes. ${TOKENS_HOW}.`}>
        <b>{kb(totals.bytesSent)}</b> sent ({tokens(totals.tokensSent)}, {TOKEN_ENCODING})
      </span>
      {hybridBytes !== undefined && savedBytes !== undefined ? (
        <>
          <span data-testid="totals-hybrid" title={`${HYBRID_ESTIMATE} ${hybridBytes.toLocaleString('en-US')} bytes.`}>
            vs <b>{kb(hybridBytes)}</b> always-hybrid <span className="hint">(estimate)</span>
          </span>
          <span data-testid="totals-saved" className={savedBytes >= 0 ? 'saved' : 'lost'}>
            <b>{kb(Math.abs(savedBytes))}</b> {savedBytes >= 0 ? 'saved' : 'more'} (
            {Math.round((Math.abs(savedBytes) / Math.max(hybridBytes, 1)) * 100)}%)
          </span>
        </>
      ) : (
        <span
          className="muted"
          data-testid="totals-hybrid"
          title="No round of this session sent a skeleton DOM or screenshot, so there is no size to estimate always-hybrid with."
        >
          always-hybrid: not estimated
        </span>
      )}
    </div>
  );
}
