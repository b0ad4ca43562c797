import { useEffect, useRef, useState } from 'react';
import type { StepNegotiation } from '../../../../shared/negotiation-view';
import { inspector } from '../../bridge/inspector';
import { useStore } from '../../store';
import { RoundItem } from './RoundItem';
import { Totals } from './Totals';

/**
 * How the selected step was planned (seed 003): each round's request (mode, nodes, bytes, tokens), what the planner
 * asked for and why, the artifacts the retry sent, and the action it chose, whose target is selected in the aria tree
 * and outlined on the page view; with the session's totals against always sending hybrid context.
 */
export function NegotiationView() {
  const sessionId = useStore(state => state.opened?.session.id);
  const seq = useStore(state => state.selectedSeq);
  const stepCount = useStore(state => state.opened?.steps.length);
  const toast = useStore(state => state.toast);
  const nodes = useStore(state => state.nodes);
  const detailSeq = useStore(state => state.detail?.step.seq);
  const selectNode = useStore(state => state.selectNode);
  const setMark = useStore(state => state.setNegotiationMark);
  const [result, setResult] = useState<{ key: string; value: StepNegotiation }>();
  const [roundsSeen, setRoundsSeen] = useState(0);
  const key = `${sessionId}:${seq}`;

  // A live session's rounds arrive before the calls they lead to: count them to fetch again.
  useEffect(
    () =>
      inspector.subscribe(event => {
        if (event.type === 'negotiation-round' && event.sessionId === sessionId) setRoundsSeen(count => count + 1);
      }),
    [sessionId],
  );

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
  }, [sessionId, seq, key, stepCount, roundsSeen, toast]);

  const value = result?.key === key ? result.value : undefined;
  const target = value?.target;
  // The tree shown is this step's once the detail has arrived; before that an index would point into another tree.
  const treeReady = detailSeq === seq;
  const targetIndex = treeReady && target?.ref ? nodes.findIndex(node => node.ref === target.ref) : -1;

  // Select the target in the tree once per step shown (without outlining it in the live page: the user did not ask).
  const selectedFor = useRef<string>(undefined);
  useEffect(() => {
    if (targetIndex < 0 || selectedFor.current === key) return;
    selectedFor.current = key;
    useStore.setState({ selectedNode: targetIndex });
  }, [key, targetIndex]);

  // Outline the target on the page view while this tab shows the step.
  useEffect(() => {
    if (!sessionId || seq === undefined || !target?.box) return setMark(undefined);
    setMark({ sessionId, seq, box: target.box, label: target.locator ?? target.id });
  }, [sessionId, seq, target, setMark]);
  useEffect(() => () => setMark(undefined), [setMark]);

  if (seq === undefined || !sessionId) return <p className="empty">Select a step to see how it was planned.</p>;
  if (!value) return <p className="empty">Loading…</p>;
  const lastAction = value.rounds.findLastIndex(round => round.answer.kind === 'action');
  return (
    <div className="negotiation" data-testid="negotiation">
      <Totals totals={value.totals} />
      {!value.rounds.length ? (
        <p className="empty" data-testid="negotiation-none">
          Step {seq} was not planned by the negotiation planner. Steps of <code>browser_interact</code> and of scenarios
          are.
        </p>
      ) : (
        <>
          <p className="negotiation-query" data-testid="negotiation-query">
            “{value.rounds[0].query}”{' '}
            <span className="muted">
              · planner {value.rounds[0].planner} · {value.rounds.length}{' '}
              {value.rounds.length === 1 ? 'round' : 'rounds'}
            </span>
          </p>
          <ol className="rounds">
            {value.rounds.map((round, index) => (
              <RoundItem
                key={`${round.interactionId}:${round.round}`}
                sessionId={sessionId}
                round={round}
                target={index === lastAction ? target : undefined}
                targetIndex={targetIndex}
                onSelectTarget={() => selectNode(targetIndex)}
              />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
