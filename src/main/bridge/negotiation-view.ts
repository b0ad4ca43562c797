import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { NegotiationTotals, StepNegotiation } from '../../shared/bridge';
import type { NegotiationRoundEvent } from '../../shared/events';
import type { RoundRecord } from '../sessions/format';
import type { RecordedSession } from '../sessions/session-reader';
import type { LiveSession } from './live-sessions';

/** A round with its place in the session: the seq of the last tool call published before it (0: none yet). */
export interface PlacedRound<R> {
  afterSeq: number;
  round: R;
}

type RoundFields = Omit<NegotiationRoundEvent, 'type' | 'sessionId' | 'sent'>;
interface StepFields {
  seq: number;
  tool: string;
  args: Record<string, unknown>;
  via?: string;
}

/**
 * The rounds that planned a step. They are published before the calls they led to: for `browser_interact`, the
 * rounds, then the chosen action's call (`via`), then the interact call itself; for a scenario step, the rounds, then
 * the step's call. So the rounds of a step are those published right before the first call of its group.
 */
export function roundsOfStep<R extends RoundFields>(steps: StepFields[], rounds: PlacedRound<R>[], seq: number): R[] {
  const index = steps.findIndex(step => step.seq === seq);
  if (index < 0) throw new Error(`The session has no step ${seq}.`);
  let first = index;
  // An interact call, or a call it made: the group starts at the first of the calls its interact made.
  if (steps[index].tool === 'browser_interact' || steps[index].via) while (first > 0 && steps[first - 1].via) first--;
  const groupStart = first === 0 ? 0 : steps[first - 1].seq;
  const parent = steps.slice(index).find(step => step.tool === 'browser_interact');
  const query = steps[index].tool === 'browser_interact' ? steps[index].args.query : steps[index].via && parent ? parent.args.query : undefined;
  return rounds
    .filter(placed => placed.afterSeq === groupStart && (query === undefined || placed.round.query === query))
    .map(placed => placed.round);
}

/**
 * Session totals: what the planner was sent, and an estimate of what sending every query's first request with the
 * skeleton DOM and the screenshot (always-hybrid) would have cost, from the sizes of those artifacts where the session
 * produced them (their mean elsewhere). Undefined when the session never produced either, so there is no size to go by.
 */
export function negotiationTotals(rounds: RoundFields[]): NegotiationTotals {
  const interactions = new Map<string, RoundFields[]>();
  for (const round of rounds) interactions.set(round.interactionId, [...(interactions.get(round.interactionId) ?? []), round]);
  const sizes = (name: 'skeletonDom' | 'screenshot') => rounds.flatMap(round => round.artifacts.filter(a => a.name === name).map(a => a.bytes));
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : undefined);
  const meanSkeleton = mean(sizes('skeletonDom'));
  const meanScreenshot = mean(sizes('screenshot'));
  let hybridBytes: number | undefined = 0;
  for (const group of interactions.values()) {
    const first = group.find(round => round.round === 1) ?? group[0];
    const own = (name: 'skeletonDom' | 'screenshot') => group.flatMap(round => round.artifacts.filter(a => a.name === name)).at(0)?.bytes;
    const skeleton = own('skeletonDom') ?? meanSkeleton;
    const screenshot = own('screenshot') ?? meanScreenshot;
    if (skeleton === undefined || screenshot === undefined) {
      hybridBytes = undefined;
      break;
    }
    hybridBytes += first.requestBytes + skeleton + screenshot;
  }
  return {
    interactions: interactions.size,
    rounds: rounds.length,
    bytesSent: rounds.reduce((total, round) => total + round.requestBytes, 0),
    tokensSent: rounds.reduce((total, round) => total + round.artifacts.reduce((sum, artifact) => sum + artifact.tokens, 0), 0),
    ...(hybridBytes !== undefined && interactions.size > 0 && { hybridBytes: Math.round(hybridBytes) }),
  };
}

/** The rounds of a step and the session's totals, from a live session's memory. */
export function liveNegotiation(session: LiveSession, seq: number): StepNegotiation {
  const rounds = roundsOfStep(session.steps, session.rounds.map(({ afterSeq, event }) => ({ afterSeq, round: event })), seq);
  return {
    rounds: rounds.map(({ type: _type, sessionId: _id, sent, ...round }) => ({
      ...round,
      ...(sent?.skeletonDom !== undefined && { skeletonDom: sent.skeletonDom }),
      ...(sent?.screenshot && { screenshot: sent.screenshot }),
    })),
    totals: negotiationTotals(session.rounds.map(placed => placed.event)),
  };
}

/** The rounds of a step and the session's totals, from a recording (the retry's artifacts read from their files). */
export async function recordedNegotiation(session: RecordedSession, seq: number): Promise<StepNegotiation> {
  const placed: PlacedRound<RoundRecord>[] = [];
  let afterSeq = 0;
  for (const record of session.records) {
    if (record.type === 'tool-call') afterSeq = record.seq;
    else if (record.type === 'negotiation-round') placed.push({ afterSeq, round: record });
  }
  const rounds = roundsOfStep(session.steps, placed, seq);
  return {
    rounds: await Promise.all(rounds.map(async ({ type: _type, sessionId: _id, sentFiles, ...round }) => ({
      ...round,
      ...(sentFiles?.skeletonDom && { skeletonDom: gunzipSync(await readFile(session.artifactPath(sentFiles.skeletonDom))).toString('utf8') }),
      ...(sentFiles?.screenshot && { screenshot: { mimeType: 'image/jpeg', base64: (await readFile(session.artifactPath(sentFiles.screenshot))).toString('base64') } }),
    }))),
    totals: negotiationTotals(placed.map(p => p.round)),
  };
}
