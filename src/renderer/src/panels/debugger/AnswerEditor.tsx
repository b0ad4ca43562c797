import type { HeldCall } from '../../../../shared/debugger';
import { useStore } from '../../store';

/**
 * A held answer as the agent is about to receive it, editable: the text, and whether it is an error. The edit is kept
 * in the store as a draft that Step and Continue send first (debugger slice), so the buttons anywhere send it.
 */
export function AnswerEditor({ sessionId, held, readOnly }: { sessionId: string; held: HeldCall; readOnly: boolean }) {
  const draft = useStore(state =>
    state.answerDraft?.sessionId === sessionId && state.answerDraft.holdId === held.holdId
      ? state.answerDraft
      : undefined,
  );
  const setDraft = useStore(state => state.setAnswerDraft);
  const answer = held.answer!;
  const own = answer.original ?? answer;
  const text = draft?.text ?? answer.text;
  const isError = draft?.isError ?? answer.isError;
  const edited = text !== own.text || isError !== own.isError;
  const change = (next: { text?: string; isError?: boolean }) =>
    setDraft({ sessionId, holdId: held.holdId, text, isError, ...next });
  return (
    <div className="answer-editor" data-testid="answer-editor">
      <div className="held-section-head">
        <h3 id="held-answer-label">Answer the agent will receive</h3>
        {edited ? (
          <span className="debug-badge debug-badge-answer-edited" data-testid="answer-edited">
            edited
          </span>
        ) : null}
        <span className="grow" />
        <label className="debug-check">
          <input
            type="checkbox"
            checked={isError}
            disabled={readOnly}
            onChange={event => change({ isError: event.target.checked })}
          />
          Send as an error
        </label>
        <button
          type="button"
          disabled={readOnly || !edited}
          onClick={() => change({ text: own.text, isError: own.isError })}
          title={`Back to the call's own answer${own.isError ? ' (an error)' : ''}`}
        >
          Reset
        </button>
      </div>
      <textarea
        className="debug-textarea answer-text"
        aria-labelledby="held-answer-label"
        data-testid="answer-text"
        value={text}
        readOnly={readOnly}
        spellCheck={false}
        onChange={event => change({ text: event.target.value })}
      />
    </div>
  );
}
