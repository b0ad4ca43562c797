import type { ReactNode } from 'react';
import type { StepDetail, StepSummary } from '../../../../shared/bridge';
import { describeHold } from '../../../../shared/debugger';
import { heldFor, prettyJson } from './format';
import { PauseIcon } from './PauseIcon';
import './debugger.css';

const TIMED_OUT = ' Nobody acted before --pause-timeout, so it went on as it stood.';

/**
 * The top of the Response tab for a step a person touched in the debugger: held, arguments edited (what the agent
 * sent beside what ran), skipped (what the agent got instead), answer edited (what the agent received beside what the
 * call answered), taken over (the note the agent read).
 */
export function DebugNote({ step, content }: { step: StepSummary; content: StepDetail['content'] }) {
  const debug = step.debug;
  if (!debug) return null;
  const answered = content.flatMap(item => (item.type === 'text' ? [item.text] : [])).join('\n');
  const { held, answerHeld, sent } = debug;
  return (
    <section className="debug-note" aria-label="What a person did" data-testid="debug-note">
      <h3>
        <PauseIcon /> A person stepped in through the debugger
      </h3>
      <ul>
        {held ? (
          <Item kind="held">
            Held <strong>{heldFor(held.ms)}</strong> before it ran: {describeHold(held.reason)}.
            {held.timedOut ? TIMED_OUT : ''}
          </Item>
        ) : null}
        {debug.originalArgs ? (
          <Item kind="args-edited">
            <strong>Arguments edited</strong> before it ran.
            <Pair
              a={{ title: 'Agent sent', text: prettyJson(debug.originalArgs) }}
              b={{ title: 'Ran', text: prettyJson(step.args) }}
            />
          </Item>
        ) : null}
        {debug.skipped ? (
          <Item kind="skipped">
            <strong>Skipped</strong>: nothing ran. The agent received this{' '}
            {step.outcome === 'error' ? 'as an error' : 'as the result'}:
            <pre className="debug-note-text">{answered}</pre>
          </Item>
        ) : null}
        {debug.takeover ? (
          <Item kind="taken-over">
            <strong>Taken over</strong>: a person acted in the browser while it was held; the answer began with:
            <pre className="debug-note-text">{debug.takeover}</pre>
          </Item>
        ) : null}
        {answerHeld ? (
          <Item kind="answer-held">
            Its answer was held <strong>{heldFor(answerHeld.ms)}</strong> before the agent got it:{' '}
            {describeHold(answerHeld.reason)}.{answerHeld.timedOut ? TIMED_OUT : ''}
          </Item>
        ) : null}
        {sent ? (
          <Item kind="answer-edited">
            <strong>Answer edited</strong>: the agent received a person&apos;s text instead of what the call answered.
            <Pair
              a={{ title: `Agent received${sent.isError ? ' (as an error)' : ''}`, text: sent.text }}
              b={{ title: `Call answered${step.outcome === 'error' ? ' (an error)' : ''}`, text: answered }}
            />
          </Item>
        ) : null}
      </ul>
    </section>
  );
}

function Item({ kind, children }: { kind: string; children: ReactNode }) {
  return (
    <li data-testid="debug-note-item" data-kind={kind}>
      {children}
    </li>
  );
}

/**
 * Two texts side by side, each line the other does not have marked: enough to see what a person changed in a few
 * arguments or a short answer, without a diff view.
 */
function Pair({ a, b }: { a: { title: string; text: string }; b: { title: string; text: string } }) {
  const aLines = a.text.split('\n');
  const bLines = b.text.split('\n');
  const inA = new Set(aLines);
  const inB = new Set(bLines);
  // Marks only help when some lines stayed: two wholly different texts are shown plain.
  const shared = aLines.some(line => inB.has(line));
  return (
    <div className="debug-pair">
      <Column title={a.title} lines={aLines} other={shared ? inB : undefined} testId="debug-pair-a" />
      <Column title={b.title} lines={bLines} other={shared ? inA : undefined} testId="debug-pair-b" />
    </div>
  );
}

function Column({
  title,
  lines,
  other,
  testId,
}: {
  title: string;
  lines: string[];
  other?: Set<string>;
  testId: string;
}) {
  return (
    <figure className="debug-pair-column">
      <figcaption>{title}</figcaption>
      <pre data-testid={testId}>
        {lines.map((line, index) => (
          <span key={index} className={!other || other.has(line) ? undefined : 'debug-pair-changed'}>
            {line}
            {index < lines.length - 1 ? '\n' : ''}
          </span>
        ))}
      </pre>
    </figure>
  );
}
