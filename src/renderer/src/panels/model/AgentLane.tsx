import { useMemo, type KeyboardEvent } from 'react';
import type { StepSummary } from '../../../../shared/bridge';
import type { AgentTurns } from '../../../../shared/spans';
import { Panel } from '../../components/Panel';
import { useWidth } from '../../components/useWidth';
import { useStore } from '../../store';
import { compactTokens } from '../token-chart/format';
import { layoutLane, type TurnBar } from './lane-layout';
import { timeSplit, type TimeSplit } from './time-split';
import { useAgentTurns } from './useAgentTurns';

const ROW = 16;
const MARKS = 8;

export const seconds = (ms: number) => (ms >= 1_000 ? `${(ms / 1_000).toFixed(1)} s` : `${Math.round(ms)} ms`);

/**
 * The agent's side of the session, above the timeline: each model turn a bar on the session's time axis (its model and
 * tokens), the steps as marks under them; where the time went (model, browser, held by a person, the rest); and the
 * model's tokens against those of our responses. Shown once the agent's spans hold a model turn.
 */
export function AgentLane() {
  const agent = useAgentTurns();
  const steps = useStore(state => state.opened?.steps);
  if (!agent?.turns.length || !steps) return null;
  return <Lane agent={agent} steps={steps} />;
}

function Lane({ agent, steps }: { agent: AgentTurns; steps: readonly StepSummary[] }) {
  const selectedSeq = useStore(state => state.selectedSeq);
  const selectStep = useStore(state => state.selectStep);
  const [width, ref] = useWidth<HTMLDivElement>();
  const split = useMemo(() => timeSplit(steps, agent.turns), [steps, agent.turns]);
  const layout = useMemo(() => layoutLane(agent, steps, split, width), [agent, steps, split, width]);
  const selectedTurn = agent.links.find(link => link.seq === selectedSeq)?.spanId;
  const height = layout.rows * ROW + MARKS + 4;
  const open = (bar: TurnBar) => bar.seq !== undefined && selectStep(bar.seq);
  const onKey = (event: KeyboardEvent, bar: TurnBar) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    open(bar);
  };
  return (
    <Panel
      title={`Agent · ${agent.turns.length} model turn${agent.turns.length === 1 ? '' : 's'}`}
      className="agent-lane-panel"
      testId="agent-lane"
    >
      <div className="agent-lane" ref={ref}>
        <svg
          width={width}
          height={height}
          role="group"
          aria-label="Model turns and steps over time"
          data-testid="agent-lane-svg"
        >
          {layout.bars.map(bar => (
            <g
              key={bar.turn.spanId}
              className={`agent-turn${bar.turn.spanId === selectedTurn ? ' selected' : ''}${bar.seq === undefined ? ' unlinked' : ''}`}
              data-testid="agent-turn"
              data-span={bar.turn.spanId}
              role="button"
              tabIndex={0}
              aria-label={turnTitle(bar)}
              onClick={() => open(bar)}
              onKeyDown={event => onKey(event, bar)}
            >
              <title>{turnTitle(bar)}</title>
              <rect x={bar.x} y={bar.row * ROW} width={bar.width} height={ROW - 3} rx={2} />
              {bar.label ? (
                <text x={bar.x + 3} y={bar.row * ROW + 10}>
                  {bar.label}
                </text>
              ) : null}
            </g>
          ))}
          {layout.marks.map(mark => (
            <rect
              key={mark.seq}
              className={`agent-step${mark.seq === selectedSeq ? ' selected' : ''}${mark.failed ? ' failed' : ''}`}
              x={mark.x}
              y={layout.rows * ROW + 2}
              width={mark.width}
              height={MARKS}
              data-seq={mark.seq}
              onClick={() => selectStep(mark.seq)}
            >
              <title>{`#${mark.seq}`}</title>
            </rect>
          ))}
        </svg>
        <TimeSpent split={split} />
        <TokenAccount agent={agent} steps={steps} />
      </div>
    </Panel>
  );
}

function turnTitle({ turn, seq }: TurnBar): string {
  const tokens =
    turn.inputTokens !== undefined || turn.outputTokens !== undefined
      ? `${(turn.inputTokens ?? 0).toLocaleString('en-US')} in / ${(turn.outputTokens ?? 0).toLocaleString('en-US')} out tokens`
      : 'tokens not reported';
  const cost = turn.cost !== undefined ? ` · cost ${turn.cost.toFixed(4)}` : '';
  return `${turn.model ?? 'Model'} · ${seconds(turn.endMs - turn.startMs)} · ${tokens}${cost}${seq === undefined ? ' · chose no step' : ` · chose step ${seq}`}`;
}

const PARTS = [
  ['model', 'modelMs', 'Model', "A model call was running (from the agent's spans)"],
  ['browser', 'browserMs', 'Browser', 'A step was running in the browser'],
  ['held', 'heldMs', 'Held', 'Held by a person: a paused call, or its answer, in the debugger'],
  ['other', 'otherMs', 'Other', "Neither: the agent's own code and network, and model calls it did not trace"],
] as const;

/** The session's wall time split between the model, the browser, a person holding calls and the rest. */
function TimeSpent({ split }: { split: TimeSplit }) {
  const share = (ms: number) => `${Math.round((ms / Math.max(1, split.wallMs)) * 100)}%`;
  return (
    <div className="agent-time" data-testid="agent-time">
      <div className="agent-time-bar" role="img" aria-label={`Where the ${seconds(split.wallMs)} went`}>
        {PARTS.map(([part, key]) =>
          split[key] > 0 ? <span key={part} className={`agent-part-${part}`} style={{ flexGrow: split[key] }} /> : null,
        )}
      </div>
      <ul className="agent-legend">
        <li className="agent-wall" title="From the first turn or step to the last">
          {seconds(split.wallMs)}
        </li>
        {PARTS.map(([part, key, label, title]) => (
          <li key={part} data-part={part} data-ms={Math.round(split[key])} title={title}>
            <span className={`agent-swatch agent-part-${part}`} />
            {label} {seconds(split[key])} <span className="agent-share">{share(split[key])}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The model's tokens (all its turns) against what our responses put into its context. */
function TokenAccount({ agent, steps }: { agent: AgentTurns; steps: readonly StepSummary[] }) {
  const sum = (values: (number | undefined)[]) =>
    values.reduce<number | undefined>(
      (total, value) => (value === undefined ? total : (total ?? 0) + value),
      undefined,
    );
  const input = sum(agent.turns.map(turn => turn.inputTokens));
  const output = sum(agent.turns.map(turn => turn.outputTokens));
  const cost = sum(agent.turns.map(turn => turn.cost));
  const ours = sum(steps.map(step => step.tokens?.total.tokens));
  return (
    <p className="agent-tokens" data-testid="agent-tokens">
      Model{' '}
      {input === undefined ? 'tokens not reported' : `${compactTokens(input)} in / ${compactTokens(output ?? 0)} out`}
      {cost !== undefined ? ` · cost ${cost.toFixed(4)}` : ''}
      {' · '}our responses {ours === undefined ? 'not counted' : `${compactTokens(ours)}`}
      {input && ours !== undefined ? (
        <span className="muted" title="Each turn's input holds the conversation so far, our earlier responses included">
          {' '}
          ({Math.round((ours / input) * 100)}% of the model's input)
        </span>
      ) : null}
    </p>
  );
}
