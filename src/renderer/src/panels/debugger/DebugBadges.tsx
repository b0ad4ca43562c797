import type { ReactNode } from 'react';
import type { StepDebug } from '../../../../shared/events';
import { describeHold, type HoldReason } from '../../../../shared/debugger';
import { heldFor } from './format';
import './debugger.css';

const breakpointOf = (reason?: HoldReason) => (reason?.kind === 'breakpoint' ? reason.condition : undefined);

/**
 * What a person did to a step in the debugger, as the timeline row's badges; each one's tooltip says more. A hold a
 * breakpoint made reads as the breakpoint (`● tool:browser_click`), with how long it held in its tooltip: the row has
 * room for two or three badges, not five.
 */
export function DebugBadges({ debug }: { debug?: StepDebug }) {
  if (!debug) return null;
  const { held, answerHeld } = debug;
  return (
    <span className="debug-badges" data-testid="debug-badges">
      {held ? (
        <HoldBadge hold={held} what="Held" after="before it ran" kind="held" text={`held ${heldFor(held.ms)}`} />
      ) : null}
      {/* An edited answer was held, necessarily: "answer edited" says both, unless a breakpoint is worth naming. */}
      {answerHeld ? (
        <HoldBadge
          hold={answerHeld}
          what="Its answer was held"
          after="before the agent got it"
          kind="answer-held"
          text={debug.sent ? '' : 'answer held'}
        />
      ) : null}
      {debug.originalArgs ? (
        <Badge
          kind="args-edited"
          title="A person edited the arguments before the call ran (the Response tab shows both)"
        >
          args edited
        </Badge>
      ) : null}
      {debug.skipped ? (
        <Badge kind="skipped" title="Skipped: nothing ran; a person answered the agent instead">
          skipped
        </Badge>
      ) : null}
      {debug.sent ? (
        <Badge
          kind="answer-edited"
          title={`${answerHeld ? `Its answer was held ${heldFor(answerHeld.ms)}: ${describeHold(answerHeld.reason)}. ` : ''}A person edited the answer: the agent received their text (the Response tab shows both)`}
        >
          answer edited
        </Badge>
      ) : null}
      {debug.takeover ? (
        <Badge kind="taken-over" title={debug.takeover}>
          taken over
        </Badge>
      ) : null}
    </span>
  );
}

/** A hold: as its breakpoint when one made it, else as `text`; empty `text` shows it only when a breakpoint made it. */
function HoldBadge({
  hold,
  what,
  after,
  kind,
  text,
}: {
  hold: NonNullable<StepDebug['held']>;
  what: string;
  after: string;
  kind: string;
  text: string;
}) {
  const condition = breakpointOf(hold.reason);
  const title = `${what} ${heldFor(hold.ms)} ${after}: ${describeHold(hold.reason)}${hold.timedOut ? TIMED_OUT : ''}`;
  const timer = hold.timedOut ? ' ⏱' : '';
  if (condition)
    return (
      <Badge kind="breakpoint" title={title}>
        ● {condition}
        {timer}
      </Badge>
    );
  return text ? (
    <Badge kind={kind} title={title}>
      {text}
      {timer}
    </Badge>
  ) : null;
}

const TIMED_OUT = ' — nobody acted before --pause-timeout: it went on as it stood';

function Badge({ kind, title, children }: { kind: string; title: string; children: ReactNode }) {
  return (
    <span className={`debug-badge debug-badge-${kind}`} data-testid="debug-badge" data-kind={kind} title={title}>
      {children}
    </span>
  );
}
