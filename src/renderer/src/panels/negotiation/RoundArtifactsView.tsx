import { useEffect, useState } from 'react';
import type { RoundArtifacts, RoundView } from '../../../../shared/negotiation-view';
import { inspector } from '../../bridge/inspector';
import { kb } from './format';
import { SkeletonViewer } from './SkeletonViewer';

/** Artifacts never change once sent: a few rounds' worth are kept so moving between steps does not fetch them again. */
const cache = new Map<string, RoundArtifacts>();
const CACHE_SIZE = 12;

/**
 * The skeleton DOM and screenshot a round sent, fetched from the core when the round is shown (they can be large; the
 * round list itself carries only their sizes). The screenshot is page content shown as an image.
 */
export function RoundArtifactsView({
  sessionId,
  round,
  targetId,
}: {
  sessionId: string;
  round: RoundView;
  targetId?: string;
}) {
  const key = `${sessionId}:${round.interactionId}:${round.round}`;
  const [state, setState] = useState<{ key: string; value?: RoundArtifacts; error?: string }>();
  const [enlarged, setEnlarged] = useState(false);
  // Only what was kept is fetched; the core explains sizes without artifacts (older recordings, evicted live rounds).
  const wanted =
    round.kept.skeletonDom ||
    round.kept.screenshot ||
    round.artifacts.some(a => a.name === 'skeletonDom' || a.name === 'screenshot');

  useEffect(() => {
    if (!wanted) return;
    const cached = cache.get(key);
    if (cached) return setState({ key, value: cached });
    let current = true;
    inspector
      .invoke('negotiationArtifacts', { sessionId, interactionId: round.interactionId, round: round.round })
      .then(
        value => {
          // Kept artifacts are final; a note (not kept) may be, too, but is cheap to ask again.
          if (!value.note) {
            cache.set(key, value);
            if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
          }
          if (current) setState({ key, value });
        },
        error => current && setState({ key, error: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [key, wanted, sessionId, round.interactionId, round.round]);

  if (!wanted) return null;
  const shown = state?.key === key ? state : undefined;
  if (!shown) return <p className="muted round-artifacts-note">Loading what was sent…</p>;
  if (shown.error) return <p className="round-answer error">Could not read what this round sent: {shown.error}</p>;
  const { skeletonDom, screenshot, note } = shown.value!;
  return (
    <div className="round-artifacts" data-testid="round-artifacts">
      {note ? (
        <p className="muted round-artifacts-note" data-testid="round-artifacts-note">
          {note}
        </p>
      ) : null}
      {screenshot ? (
        <figure className={`round-screenshot${enlarged ? ' enlarged' : ''}`}>
          <button
            type="button"
            className="link-button"
            onClick={() => setEnlarged(!enlarged)}
            title={enlarged ? 'Shrink' : 'Show at full width'}
          >
            <img
              data-testid="round-screenshot"
              alt={`The screenshot sent in round ${round.round}`}
              src={`data:${screenshot.mimeType};base64,${screenshot.base64}`}
            />
          </button>
          <figcaption className="muted">
            Screenshot sent ({kb(Math.floor((screenshot.base64.length * 3) / 4))} JPEG)
          </figcaption>
        </figure>
      ) : null}
      {skeletonDom !== undefined ? (
        <div className="round-skeleton">
          <div className="muted">
            Skeleton DOM sent ({kb(new TextEncoder().encode(skeletonDom).length)})
            {targetId ? (
              <>
                , <span className="skeleton-target">{targetId}</span> marked
              </>
            ) : null}
          </div>
          <SkeletonViewer text={skeletonDom} targetId={targetId} />
        </div>
      ) : null}
    </div>
  );
}
