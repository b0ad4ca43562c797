import { useCallback, useMemo, useState } from 'react';
import type { StepDetail, StepImage, StepSummary } from '../../../../shared/bridge';
import { SECTION_TITLES, splitSections } from '../../../../shared/response';
import { SNAPSHOT_MODES } from '../../../../shared/snapshot-modes';
import { PREAMBLE_SECTION, TOKEN_ENCODING, type SectionTokens } from '../../../../shared/tokens';
import { CopyButton } from '../../components/CopyButton';
import { imageBytes, imageSrc } from '../../components/image-src';
import { useStore } from '../../store';
import { DebugNote } from '../debugger/DebugNote';
import { bytesText, tokensText, utf8Bytes } from './format';
import { jsonRpcPair } from './jsonrpc';
import { SectionBody } from './SectionBody';

/**
 * What the agent sent and got back for the selected step (a tab of DetailPanel): the tool and its arguments, then
 * every content item of the response exactly as received, in order — each text item by `### ` section, with its size
 * and token count — and what it all cost the agent's context.
 */
export function ResponseView() {
  const detail = useStore(state => state.detail);
  // Token counts arrive after the step (they are counted off the call's path): read the summary as it is now.
  const summary = useStore(state => state.opened?.steps.find(step => step.seq === detail?.step.seq));
  if (!detail) return <p className="empty">Select a step to see what the agent sent and what it got back.</p>;
  const step = summary ?? detail.step;
  return (
    <div className="response-view" data-testid="response-view" data-seq={step.seq}>
      <Provenance step={step} />
      <DebugNote step={step} content={detail.content} />
      <Request detail={detail} image={detail.screenshot} />
      <Trace step={step} />
      <Cost step={step} />
      <Modes modes={detail.modes} />
      <ol className="response-items" aria-label="Response content">
        {detail.content.map((item, index) => (
          <li key={index} className="response-item" data-testid="response-item" data-type={item.type}>
            {item.type === 'text' ? (
              <TextItem text={item.text} tokens={step.tokens?.sections} />
            ) : (
              <ImageItem
                image={detail.screenshot}
                tokens={step.tokens?.sections.find(section => section.name === 'Image')}
              />
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Steps whose response no agent read: say so rather than let the tab imply otherwise. */
function Provenance({ step }: { step: StepSummary }) {
  if (step.actor === 'human')
    return (
      <p className="response-note">
        A person did this by hand in the browser: this is the equivalent call's response, which no agent received.
      </p>
    );
  if (step.via)
    return (
      <p className="response-note">
        Run on behalf of <code>{step.via}</code>: the agent received that call's response, which includes this one's
        outcome.
      </p>
    );
  return null;
}

function Request({ detail, image }: { detail: StepDetail; image?: StepImage }) {
  const args = JSON.stringify(detail.step.args, null, 2);
  return (
    <section className="response-request" aria-label="Request">
      <header className="response-row">
        <h3>
          Request <code className="response-tool">{detail.step.tool}</code>
        </h3>
        <span className="grow" />
        <CopyButton text={args} label="Copy arguments" />
        <CopyButton text={() => jsonRpcPair(detail, image)} label="Copy as JSON-RPC" />
      </header>
      <pre className="response-text response-args" data-testid="response-args">
        {args}
      </pre>
    </section>
  );
}

/** Where the call sits in the agent's own trace (the W3C trace context its request carried), to find it in a tracing backend. */
function Trace({ step }: { step: StepSummary }) {
  const { trace, traceDropped } = step;
  if (!trace && !traceDropped) return null;
  return (
    <p className="response-trace" data-testid="response-trace">
      {trace && (
        <>
          Trace <code title="trace id">{trace.traceId}</code>, parent span{' '}
          <code title="the agent's span that made the request">{trace.parentSpanId}</code>
          {!trace.sampled && <span className="muted"> (not sampled)</span>}
          {trace.tracestate && (
            <span className="muted">
              {' '}
              · tracestate <code>{trace.tracestate}</code>
            </span>
          )}
          {trace.baggage && (
            <span className="muted">
              {' '}
              · baggage <code>{trace.baggage}</code>
            </span>
          )}
          <CopyButton text={trace.traceId} label="Copy trace id" />
        </>
      )}
      {traceDropped && (
        <span className="muted">
          {trace ? ' · ' : ''}Ignored, not valid: {traceDropped.join(', ')}
        </span>
      )}
    </p>
  );
}

function Cost({ step }: { step: StepSummary }) {
  const tokens = step.tokens;
  if (!tokens)
    return (
      <p className="response-cost muted" data-testid="response-cost">
        Tokens: not counted yet.
      </p>
    );
  const estimated = tokens.sections.some(section => section.estimate);
  return (
    <p
      className="response-cost"
      data-testid="response-cost"
      title={`Counted with the ${tokens.encoding} encoding${estimated ? '; images estimated by the tile rule' : ''}`}
    >
      The agent received <strong>{bytesText(tokens.total.bytes)}</strong>,{' '}
      <strong>{tokensText(tokens.total.tokens)}</strong>
      <span className="muted">
        {' '}
        ({TOKEN_ENCODING}
        {estimated ? '; images estimated' : ''})
      </span>
    </p>
  );
}

/** Which snapshot mode produced the response, and what each would have sent: evidence for picking one. */
function Modes({ modes }: { modes?: StepDetail['modes'] }) {
  if (!modes) return null;
  return (
    <p
      className="response-modes"
      data-testid="response-modes"
      title="This response's text in each --snapshot-mode, rebuilt from the recorded snapshots; diff counts from the step before's snapshot"
    >
      {modes.produced ? (
        <>
          Snapshot mode <strong data-testid="response-mode">{modes.produced}</strong>; each mode would have sent{' '}
        </>
      ) : (
        'Each snapshot mode would have sent '
      )}
      {SNAPSHOT_MODES.map((mode, index) => (
        <span
          key={mode}
          data-mode={mode}
          data-bytes={modes.bytes[mode]}
          className={mode === modes.produced ? 'response-mode current' : 'response-mode'}
        >
          {index ? ' · ' : ''}
          {mode} {bytesText(modes.bytes[mode])}
        </span>
      ))}
    </p>
  );
}

/** Token counts by section name, in order: the n-th section of a name takes the n-th count of that name. */
function tokenLookup(sections: SectionTokens[] | undefined) {
  const queues = new Map<string, SectionTokens[]>();
  for (const section of sections ?? []) queues.set(section.name, [...(queues.get(section.name) ?? []), section]);
  return (name: string) => queues.get(name)?.shift();
}

function TextItem({ text, tokens }: { text: string; tokens?: SectionTokens[] }) {
  const bytes = useMemo(() => utf8Bytes(text), [text]);
  const sections = useMemo(() => {
    const next = tokenLookup(tokens);
    return splitSections(text).map(section => ({
      ...section,
      bytes: utf8Bytes(section.text),
      tokens: next(section.title ?? PREAMBLE_SECTION),
    }));
  }, [text, tokens]);
  return (
    <div className="response-sections">
      <header className="response-row">
        <h3>Text</h3>
        <span className="muted">{bytesText(bytes)}</span>
        <span className="grow" />
        <CopyButton text={text} label="Copy text" />
      </header>
      {sections.map((section, index) => (
        <Section key={index} {...section} />
      ))}
    </div>
  );
}

function Section({
  title,
  text,
  body,
  bytes,
  tokens,
}: {
  title?: string;
  text: string;
  body: string;
  bytes: number;
  tokens?: SectionTokens;
}) {
  const [open, setOpen] = useState(true);
  const nodes = useStore(state => state.nodes);
  const selectNode = useStore(state => state.selectNode);
  const toast = useStore(state => state.toast);
  const onRef = useCallback(
    (ref: string) => {
      const index = nodes.findIndex(node => node.ref === ref);
      if (index >= 0) selectNode(index);
      else toast(`${ref} is not in the aria tree shown.`, 'info');
    },
    [nodes, selectNode, toast],
  );
  return (
    <details
      className="response-section"
      open={open}
      onToggle={event => setOpen(event.currentTarget.open)}
      data-testid="response-section"
      data-title={title ?? ''}
    >
      <summary className="response-row">
        <span className="response-heading">{title === undefined ? '(before the first section)' : `### ${title}`}</span>
        <span className="muted" data-testid="response-section-size">
          {bytesText(bytes)}
          {tokens ? ` · ${tokensText(tokens.tokens, tokens.estimate)}` : ''}
        </span>
        <span className="grow" />
        <CopyButton text={text} label="Copy" />
      </summary>
      {/* The body as written, fences included: what the agent read, character for character. */}
      {/* Page changes are snapshot lines too: their refs select nodes like the snapshot's. */}
      {open ? (
        <SectionBody
          text={body}
          yaml={body.startsWith('```yaml') || title === SECTION_TITLES.pageChanges}
          onRef={onRef}
        />
      ) : null}
    </details>
  );
}

function ImageItem({ image, tokens }: { image?: StepImage; tokens?: SectionTokens }) {
  const [size, setSize] = useState<{ width: number; height: number }>();
  if (!image) return <p className="muted">An image (not kept in this recording).</p>;
  const bytes = imageBytes(image);
  return (
    <figure className="response-image">
      <figcaption className="response-row">
        <h3>Image</h3>
        <span className="muted" data-testid="response-image-size">
          {size ? `${size.width} × ${size.height} px · ` : ''}
          {image.mimeType}
          {bytes === undefined ? '' : ` · ${bytesText(bytes)}`}
          {tokens ? ` · ${tokensText(tokens.tokens, true)} (estimate)` : ''}
        </span>
      </figcaption>
      <div className="response-image-frame">
        <img
          src={imageSrc(image)}
          alt="The image the agent received"
          onLoad={event =>
            setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
          }
        />
      </div>
    </figure>
  );
}
