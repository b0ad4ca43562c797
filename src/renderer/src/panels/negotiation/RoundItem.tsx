import type { NegotiationTarget, RoundView } from '../../../../shared/negotiation-view';
import { TOKEN_ENCODING } from '../../../../shared/tokens';
import { kb, ms, tokens, TOKENS_HOW } from './format';
import { RoundArtifactsView } from './RoundArtifactsView';

const ARTIFACT_LABELS: Record<string, string> = {
  interactiveTree: 'semantic tree',
  skeletonDom: 'skeleton DOM',
  screenshot: 'screenshot',
  dom: 'full DOM',
};

interface Props {
  sessionId: string;
  round: RoundView;
  /** The step's target, given to the round whose action chose it. */
  target?: NegotiationTarget;
  /** Where the target is in the aria tree shown (-1: not there). */
  targetIndex: number;
  onSelectTarget(): void;
}

/** One request to the planner and its answer. */
export function RoundItem({ sessionId, round, target, targetIndex, onSelectTarget }: Props) {
  const { answer, timings } = round;
  const totalTokens = round.artifacts.reduce((sum, artifact) => sum + (artifact.tokens ?? 0), 0);
  // Snapshot and extraction happen once per query, before round 1; later rounds only add artifacts.
  const timing = [
    round.round === 1 && `snapshot ${ms(timings.snapshotMs)}`,
    round.round === 1 && `extraction ${ms(timings.extractMs)}`,
    timings.artifactsMs > 0 && round.round > 1 && `artifacts ${ms(timings.artifactsMs)}`,
    `planner ${ms(timings.planMs)}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className={`round ${answer.kind}`} data-testid="negotiation-round" data-mode={round.domMode}>
      <div className="round-head">
        <b>Round {round.round}</b>
        <span className="mode" data-testid="round-mode">
          {round.domMode}
        </span>
        <span data-testid="round-nodes">
          {round.nodeCount} nodes{round.omittedNodes ? `, ${round.omittedNodes} omitted` : ''}
        </span>
        <span
          data-testid="round-bytes"
          title={`${round.requestBytes.toLocaleString('en-US')} bytes of request JSON. ${TOKENS_HOW}.`}
        >
          {kb(round.requestBytes)} · {tokens(totalTokens)} ({TOKEN_ENCODING})
        </span>
        <span className="muted round-timing" data-testid="round-timing">
          {timing}
        </span>
      </div>
      <table className="artifact-sizes" data-testid="round-artifact-sizes">
        <tbody>
          {round.artifacts.map(artifact => (
            <tr key={artifact.name} data-artifact={artifact.name}>
              <th scope="row">{ARTIFACT_LABELS[artifact.name] ?? artifact.name}</th>
              <td>{kb(artifact.bytes)}</td>
              <td
                title={
                  artifact.name === 'screenshot' ? 'An estimate: the image tile rule' : `Counted with ${TOKEN_ENCODING}`
                }
              >
                {artifact.name === 'screenshot' ? '≈' : ''}
                {tokens(artifact.tokens)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {answer.kind === 'needs_context' ? (
        <p className="round-answer" data-testid="round-answer">
          Planner asked for <b data-testid="round-requested">{answer.requested.domMode}</b> (
          {[
            answer.requested.skeletonDom && 'skeleton DOM',
            answer.requested.screenshot && 'screenshot',
            answer.requested.dom && 'full DOM',
          ]
            .filter(Boolean)
            .join(' + ')}
          )
          {answer.reason ? (
            <>
              : <q data-testid="round-reason">{answer.reason}</q>
            </>
          ) : null}
        </p>
      ) : answer.kind === 'action' ? (
        <div className="round-answer" data-testid="round-answer">
          <code className="action" data-testid="round-action">
            {answer.action}
          </code>
          {target ? (
            <button
              type="button"
              className="link-button target"
              data-testid="round-target"
              data-ref={target.ref}
              disabled={targetIndex < 0}
              onClick={onSelectTarget}
              title={targetIndex < 0 ? 'Not in the aria tree shown for this step' : 'Select it in the aria tree'}
            >
              <span className="target-id">{target.id}</span>
              {target.locator ? <code className="muted"> {target.locator}</code> : null}
            </button>
          ) : null}
          <p className="thought" data-testid="round-thought">
            {answer.thought}
          </p>
        </div>
      ) : (
        <p className="round-answer error" data-testid="round-answer">
          {answer.message}
        </p>
      )}
      <RoundArtifactsView sessionId={sessionId} round={round} targetId={target?.id} />
    </li>
  );
}
