import type { EmittedToolCall, ModelTurn, TurnMessage } from '../../../../shared/spans';
import { useStore } from '../../store';
import { useAgentTurns } from './useAgentTurns';
import { useModelTurn } from './useModelTurn';

const ms = (value: number) => (value >= 1_000 ? `${(value / 1_000).toFixed(1)} s` : `${Math.round(value)} ms`);
const count = (value: number | undefined) => (value === undefined ? '–' : value.toLocaleString('en-US'));

/**
 * Why the agent made the selected call: the model turn that chose it (read from the spans its agent sent, see
 * tracing/), with the messages it saw (earlier ones folded), its reasoning and text, and every tool call it emitted,
 * this step's marked; its tokens and latency.
 */
export function ModelView() {
  const seq = useStore(state => state.selectedSeq);
  const sessionId = useStore(state => state.opened?.session.id);
  const agent = useAgentTurns();
  const link = agent?.links.find(candidate => candidate.seq === seq);
  const turn = useModelTurn(sessionId, link?.spanId);
  if (seq === undefined) return <p className="empty">Select a step to see the model turn that chose it.</p>;
  if (!agent) return <p className="empty">Reading the agent's spans…</p>;
  if (link && !turn) return <p className="empty">Reading the model turn…</p>;
  if (!link || !turn) {
    return (
      <div className="model-view" data-testid="model-view">
        <p className="empty" data-testid="model-none">
          No model turn is linked to this step.{' '}
          {agent.turns.length
            ? `${agent.turns.length} model turn${agent.turns.length === 1 ? '' : 's'} came from the agent; ${agent.unlinked.length} linked to no step.`
            : "Point the agent's OpenTelemetry exporter at this inspector (POST /v1/traces), or add its spans later with agent-inspector attach-trace."}
        </p>
      </div>
    );
  }
  return (
    <div className="model-view" data-testid="model-view" data-span={turn.spanId}>
      <p className="model-summary" data-testid="model-summary">
        <strong>{turn.model ?? 'Model'}</strong> · {count(turn.inputTokens)} in / {count(turn.outputTokens)} out tokens
        · {ms(turn.endMs - turn.startMs)}
        {turn.cost !== undefined && <> · {turn.cost.toFixed(4)}</>}
        <span className="muted">
          {' '}
          · linked by {link.via === 'trace' ? 'trace context' : 'the tool call it emitted'}
        </span>
      </p>
      <Messages messages={turn.input} />
      {turn.reasoning && (
        <details className="model-reasoning" open>
          <summary>Reasoning</summary>
          <pre className="model-text">{turn.reasoning}</pre>
        </details>
      )}
      {turn.output && (
        <section aria-label="Assistant">
          <h3 className="model-heading">Assistant</h3>
          <pre className="model-text" data-testid="model-output">
            {turn.output}
          </pre>
        </section>
      )}
      <ToolCalls turn={turn} current={link.toolCall} />
    </div>
  );
}

/** The messages the model saw: the last one open, the ones before it folded. */
function Messages({ messages }: { messages: TurnMessage[] }) {
  if (!messages.length) return null;
  const earlier = messages.slice(0, -1);
  const last = messages.at(-1)!;
  return (
    <section aria-label="Messages the model saw">
      {earlier.length > 0 && (
        <details className="model-earlier">
          <summary>
            {earlier.length} earlier message{earlier.length === 1 ? '' : 's'}
          </summary>
          {earlier.map((message, index) => (
            <Message key={index} message={message} />
          ))}
        </details>
      )}
      <Message message={last} />
    </section>
  );
}

function Message({ message }: { message: TurnMessage }) {
  return (
    <div className="model-message" data-role={message.role}>
      <h3 className="model-heading">{message.role}</h3>
      <pre className="model-text">{message.text}</pre>
    </div>
  );
}

function ToolCalls({ turn, current }: { turn: ModelTurn; current?: number }) {
  if (!turn.toolCalls.length) return null;
  return (
    <section aria-label="Tool calls emitted">
      <h3 className="model-heading">Tool calls emitted</h3>
      <ol className="model-tool-calls">
        {turn.toolCalls.map((call: EmittedToolCall, index) => (
          <li
            key={index}
            className="model-tool-call"
            data-testid="model-tool-call"
            aria-current={index === current ? 'step' : undefined}
          >
            <code>{call.name}</code> <span className="muted">{JSON.stringify(call.arguments)}</span>
            {index === current && <span className="model-this"> ← this step</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
