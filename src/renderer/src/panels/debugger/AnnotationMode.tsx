import { useEffect, useState } from 'react';
import type { AnnotationRequest } from '../../../../shared/debugger';
import { useStore } from '../../store';
import { annotatedImage } from './annotated-image';
import { countdown, heldFor } from './format';
import { READ_ONLY_WHY, useNow } from './hooks';
import { useBoxDrawing } from './useBoxDrawing';
import './debugger.css';

const percent = (value: number, of: number) => `${(value / of) * 100}%`;
const noteId = (index: number) => `annotation-note-${index}`;

/**
 * The agent asked a person (browser_annotate): the page as it was then, on which they drag boxes and write a note on
 * each and one for the whole page. Sending draws the boxes and their numbers onto the screenshot and returns it with
 * the boxes (in CSS pixels of the page's viewport) to the agent; Cancel tells the agent nobody annotated.
 */
export function AnnotationMode({ sessionId, request }: { sessionId: string; request: AnnotationRequest }) {
  const submit = useStore(state => state.annotationSubmit);
  const cancel = useStore(state => state.annotationCancel);
  const readOnly = useStore(state => state.readOnly);
  const pauseTimeoutMs = useStore(state => state.pauseTimeoutMs);
  const toast = useStore(state => state.toast);
  const [focusNote, setFocusNote] = useState<number>();
  const { boxes, draft, layer, change, remove, addCentred, onBoxKey } = useBoxDrawing(request.viewport, setFocusNote);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const now = useNow(true);
  const { viewport } = request;

  // A new box's note field takes the keyboard, so one can draw, type, draw, type.
  useEffect(() => {
    if (focusNote === undefined) return;
    document.getElementById(noteId(focusNote))?.focus();
    setFocusNote(undefined);
  }, [focusNote, boxes.length]);

  const send = async () => {
    if (sending) return;
    setSending(true);
    try {
      const image = await annotatedImage(request.screenshot, viewport, boxes);
      await submit(sessionId, request.requestId, note, boxes, image);
    } catch (error) {
      toast(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  const left = pauseTimeoutMs === undefined ? undefined : request.since + pauseTimeoutMs - now;
  return (
    <section className="annotation-mode" aria-label="Annotation mode" data-testid="annotation-mode">
      <header className="annotation-head">
        <span className="annotation-icon" aria-hidden="true">
          ✎
        </span>
        <div className="annotation-title">
          <strong>The agent asks you to annotate this page</strong>
          <span className="muted annotation-page" title={request.url}>
            {request.title ? `${request.title} · ` : ''}
            {request.url}
          </span>
        </div>
        <span className="muted annotation-clock">
          waiting {heldFor(now - request.since)}
          {left !== undefined ? ` · gives up in ${countdown(left)}` : ''}
        </span>
      </header>
      <div className="annotation-body">
        <div className="annotation-stage-wrap">
          <p className="muted annotation-hint">
            Drag on the page to draw a box around what you mean; then write a note for it.
          </p>
          {/* As large as the room allows, in the page's proportions, with no scrolling at the usual window sizes. */}
          <div
            className="annotation-stage"
            style={{
              aspectRatio: `${viewport.width} / ${viewport.height}`,
              width: `min(100%, calc((100vh - 190px) * ${viewport.width / viewport.height}))`,
            }}
          >
            <img
              src={`data:${request.screenshot.mimeType};base64,${request.screenshot.base64}`}
              alt={`The page the agent asks about: ${request.title || request.url}`}
              draggable={false}
            />
            <div
              className={`annotation-layer${readOnly ? ' read-only' : ''}`}
              data-testid="annotation-layer"
              {...(readOnly ? {} : layer)}
            >
              {boxes.map((box, index) => (
                <div
                  key={index}
                  className={`annotation-box${box.y < 20 ? ' at-top' : ''}`}
                  data-testid="annotation-box"
                  tabIndex={readOnly ? -1 : 0}
                  role="img"
                  aria-label={`Box ${index + 1}`}
                  title={`Box ${index + 1}: arrows move it, Shift+arrows resize it, Delete removes it`}
                  onKeyDown={onBoxKey(index)}
                  style={{
                    left: percent(box.x, viewport.width),
                    top: percent(box.y, viewport.height),
                    width: percent(box.width, viewport.width),
                    height: percent(box.height, viewport.height),
                  }}
                >
                  <span className="annotation-number">{index + 1}</span>
                </div>
              ))}
              {draft ? (
                <div
                  className="annotation-box drawing"
                  style={{
                    left: percent(draft.x, viewport.width),
                    top: percent(draft.y, viewport.height),
                    width: percent(draft.width, viewport.width),
                    height: percent(draft.height, viewport.height),
                  }}
                />
              ) : null}
            </div>
          </div>
        </div>
        <aside className="annotation-side">
          <div className="annotation-side-head">
            <h3>
              Boxes <span className="breakpoints-count">{boxes.length}</span>
            </h3>
            <span className="grow" />
            <button
              type="button"
              disabled={readOnly}
              onClick={addCentred}
              title="A box in the middle of the page: move it with the arrow keys, resize with Shift+arrows"
            >
              Add a box
            </button>
          </div>
          {boxes.length ? (
            <ol className="annotation-notes">
              {boxes.map((box, index) => (
                <li key={index} className="annotation-note">
                  <span className="annotation-number static" aria-hidden="true">
                    {index + 1}
                  </span>
                  <input
                    id={noteId(index)}
                    type="text"
                    aria-label={`Note for box ${index + 1}`}
                    placeholder="What about it?"
                    value={box.text}
                    disabled={readOnly}
                    onChange={event => change(index, { text: event.target.value })}
                  />
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Delete box ${index + 1}`}
                    disabled={readOnly}
                    onClick={() => remove(index)}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted annotation-empty">No boxes yet: drag on the page.</p>
          )}
          <label className="debug-field annotation-overall">
            <span>Note for the agent</span>
            <textarea
              className="debug-textarea"
              rows={4}
              value={note}
              disabled={readOnly}
              placeholder="What should the agent know or do?"
              onChange={event => setNote(event.target.value)}
            />
          </label>
          <div className="annotation-actions">
            <button
              type="button"
              disabled={readOnly}
              title={readOnly ? READ_ONLY_WHY : 'Tell the agent nobody annotated the page'}
              onClick={() => void cancel(sessionId, request.requestId)}
            >
              Cancel
            </button>
            <button
              type="button"
              className="primary"
              disabled={readOnly || sending}
              title={readOnly ? READ_ONLY_WHY : 'Send the boxes, notes and the annotated screenshot'}
              onClick={() => void send()}
            >
              {sending ? 'Sending…' : 'Send to agent'}
            </button>
          </div>
        </aside>
      </div>
    </section>
  );
}
