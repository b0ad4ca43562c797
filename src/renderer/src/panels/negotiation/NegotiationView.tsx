import { useEffect, useState } from 'react';
import type { RoundView, StepNegotiation } from '../../../../shared/bridge';
import { parseAction } from '../../../../shared/negotiation';
import { inspector } from '../../bridge/inspector';
import { useStore } from '../../store';

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
const tokens = (count: number) => `≈${count.toLocaleString()} tokens`;

/**
 * How the selected step was planned (seed 003): each round's request (mode, nodes, bytes, tokens), what the planner
 * asked for and why, the retry's artifacts, and the action it chose, with the session's totals. Artifacts are page
 * content: the skeleton DOM is shown as text, the screenshot as an image.
 */
export function NegotiationView() {
  const sessionId = useStore(state => state.opened?.session.id);
  const seq = useStore(state => state.selectedSeq);
  const stepCount = useStore(state => state.opened?.steps.length);
  const toast = useStore(state => state.toast);
  const [result, setResult] = useState<{ key: string; value: StepNegotiation }>();
  const key = `${sessionId}:${seq}`;

  useEffect(() => {
    if (!sessionId || seq === undefined) return;
    let current = true;
    inspector.invoke('negotiation', { sessionId, seq }).then(
      value => current && setResult({ key, value }),
      error => current && toast(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
    // New steps can complete a live interaction's group: fetch again as they arrive.
  }, [sessionId, seq, key, stepCount, toast]);

  if (seq === undefined) return <p className="empty">Select a step to see how it was planned.</p>;
  const value = result?.key === key ? result.value : undefined;
  if (!value) return <p className="empty">Loading…</p>;
  return (
    <div className="negotiation" data-testid="negotiation">
      <Totals value={value} />
      {!value.rounds.length ? (
        <p className="empty" data-testid="negotiation-none">
          Step {seq} was not planned by the negotiation planner. Steps of <code>browser_interact</code> and of scenarios are.
        </p>
      ) : (
        <>
          <p className="negotiation-query">“{value.rounds[0].query}” · planner {value.rounds[0].planner}</p>
          <ol className="rounds">
            {value.rounds.map(round => <Round key={`${round.interactionId}:${round.round}`} round={round} />)}
          </ol>
        </>
      )}
    </div>
  );
}

function Totals({ value }: { value: StepNegotiation }) {
  const { totals } = value;
  if (!totals.rounds) return null;
  const saved = totals.hybridBytes !== undefined ? totals.hybridBytes - totals.bytesSent : undefined;
  return (
    <div className="negotiation-totals" data-testid="negotiation-totals">
      <span><b>{totals.interactions}</b> planned {totals.interactions === 1 ? 'step' : 'steps'}</span>
      <span><b>{totals.rounds}</b> rounds</span>
      <span><b>{kb(totals.bytesSent)}</b> sent ({tokens(totals.tokensSent)})</span>
      {totals.hybridBytes !== undefined ? (
        <span title="Always-hybrid: every query's first request sent with the skeleton DOM and the screenshot, sized from those this session produced.">
          vs <b>{kb(totals.hybridBytes)}</b> always-hybrid: <b className={saved! >= 0 ? 'saved' : 'lost'}>{kb(Math.abs(saved!))} {saved! >= 0 ? 'saved' : 'more'}</b>
        </span>
      ) : <span className="muted" title="No round of this session asked for a skeleton DOM or screenshot, so there is no size to compare with.">always-hybrid: not estimated</span>}
    </div>
  );
}

function Round({ round }: { round: RoundView }) {
  const nodes = useStore(state => state.nodes);
  const selectNode = useStore(state => state.selectNode);
  const total = round.artifacts.reduce((sum, artifact) => sum + artifact.tokens, 0);
  const { answer, timings } = round;
  const action = answer.kind === 'action' ? parseAction(answer.action) : undefined;
  const targetRef = action && 'id' in action ? action.id : undefined;
  const targetIndex = targetRef ? nodes.findIndex(node => node.ref === targetRef) : -1;
  return (
    <li className={`round ${answer.kind}`} data-testid="negotiation-round" data-mode={round.domMode}>
      <div className="round-head">
        <b>Round {round.round}</b> · <span className="mode">{round.domMode}</span> · {round.nodeCount} nodes
        {round.omittedNodes ? ` (+${round.omittedNodes} outside the window)` : ''} · {kb(round.requestBytes)} · {tokens(total)}
        <span className="muted"> · planner {timings.planMs} ms{timings.artifactsMs ? `, artifacts ${timings.artifactsMs} ms` : ''}</span>
      </div>
      <ul className="artifact-sizes">
        {round.artifacts.map(artifact => <li key={artifact.name}>{artifact.name} {kb(artifact.bytes)} · {tokens(artifact.tokens)}</li>)}
      </ul>
      {answer.kind === 'needs_context' ? (
        <p className="round-answer" data-testid="round-answer">
          Asked for <b>{answer.requested.domMode}</b>
          {' '}({[answer.requested.skeletonDom && 'skeleton DOM', answer.requested.screenshot && 'screenshot', answer.requested.dom && 'full DOM'].filter(Boolean).join(' + ')})
          {answer.reason ? <>: <i>{answer.reason}</i></> : null}
        </p>
      ) : answer.kind === 'action' ? (
        <div className="round-answer" data-testid="round-answer">
          <code className="action">{answer.action}</code>
          {targetRef ? (
            <button type="button" className="link-button target" data-testid="round-target" disabled={targetIndex < 0} onClick={() => selectNode(targetIndex)}
              title={targetIndex < 0 ? 'Not in the tree shown for this step' : 'Select the target in the aria tree'}>
              target {targetRef}
            </button>
          ) : null}
          <p className="thought">{answer.thought}</p>
        </div>
      ) : <p className="round-answer error" data-testid="round-answer">{answer.message}</p>}
      {round.skeletonDom !== undefined || round.screenshot ? (
        <div className="round-artifacts">
          {round.screenshot ? (
            <img className="round-screenshot" data-testid="round-screenshot" alt={`The screenshot sent in round ${round.round}`}
              src={`data:${round.screenshot.mimeType};base64,${round.screenshot.base64}`} />
          ) : null}
          {round.skeletonDom !== undefined ? (
            <details className="round-skeleton">
              <summary>Skeleton DOM sent ({kb(round.skeletonDom.length)})</summary>
              <pre data-testid="round-skeleton">{round.skeletonDom}</pre>
            </details>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
