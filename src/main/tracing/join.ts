import type { EmittedToolCall, ModelTurn, TurnLink } from '../../shared/spans';

/** What the join needs of a recorded step. */
export interface StepForJoin {
  seq: number;
  tool: string;
  args: Record<string, unknown>;
  startedAt: number;
  trace?: { traceId: string; parentSpanId: string };
}

export interface JoinResult {
  links: Map<number, TurnLink>;
  /** Turns no step was linked to, by span id: kept and listed, never guessed onto a step. */
  unlinked: string[];
}

/** An MCP client may namespace the tool (`mcp__browser__browser_click`, `browser.browser_click`). */
const namesTool = (call: EmittedToolCall, tool: string) =>
  call.name === tool || (call.name.endsWith(tool) && /(?:__|[./:])$/.test(call.name.slice(0, -tool.length)));

/** Equal as JSON values, key order aside: the model's arguments against the ones the server received. */
function sameArgs(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b || Array.isArray(a) !== Array.isArray(b)) return false;
  const [ka, kb] = [Object.keys(a), Object.keys(b)];
  return (
    ka.length === kb.length &&
    ka.every(key => sameArgs((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/**
 * Links each step to the model turn that chose it. By trace context first: of the turns in the step's trace that had
 * ended when the step started, the latest that emitted this tool (else the latest). Otherwise by the call the model
 * emitted: the earliest turn, ended before the step, with an unused call of this tool and these arguments; then, for
 * the steps still unlinked and unless `exactOnly`, of this tool alone. Each pass takes the steps in time order, and each
 * emitted call is used once, so a step whose arguments match is never robbed by an earlier one whose only tool does.
 */
export function joinTurns(steps: StepForJoin[], turns: ModelTurn[], { exactOnly = false } = {}): JoinResult {
  const ordered = [...turns].sort((a, b) => a.endMs - b.endMs);
  const used = new Set<string>();
  const links = new Map<number, TurnLink>();
  const unusedCall = (turn: ModelTurn, step: StepForJoin, exact: boolean) =>
    turn.toolCalls.findIndex(
      (call, i) =>
        !used.has(`${turn.spanId}:${i}`) &&
        namesTool(call, step.tool) &&
        (!exact || sameArgs(call.arguments, step.args)),
    );
  const link = (step: StepForJoin, turn: ModelTurn, via: TurnLink['via'], toolCall: number) => {
    if (toolCall >= 0) used.add(`${turn.spanId}:${toolCall}`);
    links.set(step.seq, { spanId: turn.spanId, via, ...(toolCall >= 0 && { toolCall }) });
  };
  const inTime = [...steps].sort((a, b) => a.startedAt - b.startedAt);
  const before = (step: StepForJoin) => ordered.filter(turn => turn.endMs <= step.startedAt);
  for (const step of inTime) {
    if (!step.trace) continue;
    const inTrace = before(step).filter(turn => turn.traceId === step.trace!.traceId);
    const chose = [...inTrace].reverse().find(turn => unusedCall(turn, step, false) >= 0) ?? inTrace.at(-1);
    if (chose)
      link(
        step,
        chose,
        'trace',
        unusedCall(chose, step, true) >= 0 ? unusedCall(chose, step, true) : unusedCall(chose, step, false),
      );
  }
  for (const exact of exactOnly ? [true] : [true, false]) {
    for (const step of inTime) {
      if (links.has(step.seq)) continue;
      const turn = before(step).find(candidate => unusedCall(candidate, step, exact) >= 0);
      if (turn) link(step, turn, 'tool-call', unusedCall(turn, step, exact));
    }
  }
  const linked = new Set([...links.values()].map(l => l.spanId));
  return { links, unlinked: ordered.filter(turn => !linked.has(turn.spanId)).map(turn => turn.spanId) };
}
