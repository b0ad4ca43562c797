import { describeHold, type HeldCall } from '../../../../shared/debugger';
import { stepTarget } from '../../../../shared/step-text';

/** How long something was held, read at a glance: `12 s`, `3 min 5 s`. */
export function heldFor(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1_000));
  return total < 60 ? `${total} s` : `${Math.floor(total / 60)} min${total % 60 ? ` ${total % 60} s` : ''}`;
}

/** Time left as a clock (`4:48`): what --pause-timeout leaves before the call goes on by itself. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1_000));
  const hours = Math.floor(total / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours ? `${hours}:${pad(minutes)}:${pad(total % 60)}` : `${minutes}:${pad(total % 60)}`;
}

/** `Held: browser_click — breakpoint tool:browser_click`: the debug bar's state line. */
export const holdTitle = (held: Pick<HeldCall, 'phase' | 'tool' | 'reason'>) =>
  `${held.phase === 'answer' ? 'Answer held' : 'Held'}: ${held.tool} — ${describeHold(held.reason)}`;

/** What the deadline does, in the words of the phase: a call runs as sent, an answer goes out as it stands. */
export const deadlineText = (held: Pick<HeldCall, 'phase'>, left: number) =>
  `${held.phase === 'answer' ? 'sent as it stands' : 'runs as sent'} in ${countdown(left)}`;

/** A held call's arguments in a few words, as a timeline row shows a step's target. */
export function shortArgs(args: Record<string, unknown>): string {
  const target = stepTarget({ args });
  if (target) return target;
  const json = JSON.stringify(args);
  return json === '{}' ? '' : json.length > 80 ? `${json.slice(0, 79)}…` : json;
}

export const prettyJson = (value: unknown) => JSON.stringify(value, null, 2);
