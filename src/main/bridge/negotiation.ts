import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type {
  NegotiationTarget,
  NegotiationTotals,
  RoundArtifacts,
  RoundView,
  StepNegotiation,
} from '../../shared/negotiation-view';
import type { NegotiationRoundEvent, ResolvedTarget } from '../../shared/events';
import { parseAction } from '../../shared/negotiation';
import type { RoundRecord } from '../sessions/format';
import type { RecordedSession } from '../sessions/session-reader';
import type { LiveSession } from './live-sessions';

/**
 * The Negotiation tab's side of the bridge: which rounds planned a step, the chosen action's target, the session's
 * totals, and (on demand, being the heavy part) the skeleton DOM and screenshot a round sent.
 */

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
  targets?: ResolvedTarget[];
}

/**
 * The calls a planned step is made of, and where its rounds sit. Rounds are published before the calls they lead to:
 * for `browser_interact`, the rounds, then the chosen action's call (`via`), then the interact call itself; for a
 * scenario step, the rounds, then the step's call. So a group's rounds are those published right before its first call.
 */
function stepGroup<S extends StepFields>(steps: S[], seq: number): { calls: S[]; afterSeq: number; query?: unknown } {
  const index = steps.findIndex(step => step.seq === seq);
  if (index < 0) throw new Error(`The session has no step ${seq}.`);
  const step = steps[index];
  // A call an interact made belongs to the next interact call; that one's group reaches back over all its calls.
  let last = index;
  if (step.via) while (last + 1 < steps.length && steps[last].via) last++;
  const parent = steps[last].tool === 'browser_interact' ? steps[last] : undefined;
  let first = last;
  if (parent) while (first > 0 && steps[first - 1].via) first--;
  if (step.via && !parent) first = last = index; // the interact call is still running (live): the call alone
  return {
    calls: steps.slice(first, last + 1),
    afterSeq: first === 0 ? 0 : steps[first - 1].seq,
    ...((parent || step.tool === 'browser_interact') && { query: (parent ?? step).args.query }),
  };
}

/** The rounds that planned a step (by its group's position, and for interact calls by their query). */
export function roundsOfStep<R extends RoundFields>(steps: StepFields[], rounds: PlacedRound<R>[], seq: number): R[] {
  const { afterSeq, query } = stepGroup(steps, seq);
  const matching = rounds
    .filter(placed => placed.afterSeq === afterSeq && (query === undefined || placed.round.query === query))
    .map(placed => placed.round);
  // One step is planned by one interaction: the last (an earlier one there failed without making a call).
  const last = matching.at(-1)?.interactionId;
  return matching.filter(round => round.interactionId === last);
}

/**
 * Where the last round's action pointed: its id (an aria ref for `browser_interact`, an element index for scenario
 * steps) and, from the call that carried it out, the element's locator and box.
 */
export function targetOfStep(steps: StepFields[], rounds: RoundFields[], seq: number): NegotiationTarget | undefined {
  const answer = rounds.at(-1)?.answer;
  if (answer?.kind !== 'action') return undefined;
  const action = parseAction(answer.action);
  if (!action || !('id' in action) || action.id === 'page') return undefined;
  const id = action.id;
  // The call that acted: the interact's nested call, or the scenario step itself.
  const acting = stepGroup(steps, seq).calls.filter(call => call.tool !== 'browser_interact' && call.targets?.length);
  for (const call of acting) {
    const resolved = call.targets!.find(target => target.ref === id) ?? call.targets![0];
    return {
      id,
      seq: call.seq,
      ...(resolved.ref && { ref: resolved.ref }),
      locator: resolved.locator,
      ...(resolved.box && { box: resolved.box }),
    };
  }
  return { id, ...(/^(?:f\d+)?e\d+$/.test(id) && { ref: id }) };
}

/**
 * Session totals, and the always-hybrid estimate: each planned step sent once with the semantic tree, skeleton DOM
 * and screenshot. A step that did send hybrid context costs what that request cost; any other its first request plus
 * its own skeleton and screenshot sizes where it produced them, else the session's mean of each. Undefined when the
 * session never produced a skeleton or screenshot, as there is then no size to go by.
 */
export function negotiationTotals(rounds: RoundFields[]): NegotiationTotals {
  const interactions = new Map<string, RoundFields[]>();
  for (const round of rounds)
    interactions.set(round.interactionId, [...(interactions.get(round.interactionId) ?? []), round]);
  const sizeOf = (group: RoundFields[], name: 'skeletonDom' | 'screenshot') =>
    group.flatMap(round => round.artifacts.filter(a => a.name === name).map(a => a.bytes));
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : undefined);
  const meanSkeleton = mean(sizeOf(rounds, 'skeletonDom'));
  const meanScreenshot = mean(sizeOf(rounds, 'screenshot'));
  let hybridBytes: number | undefined = 0;
  for (const group of interactions.values()) {
    const hybrid = group.find(round => round.domMode === 'hybrid');
    if (hybrid) {
      hybridBytes += hybrid.requestBytes;
      continue;
    }
    const first = group.find(round => round.round === 1) ?? group[0];
    const skeleton = sizeOf(group, 'skeletonDom').at(0) ?? meanSkeleton;
    const screenshot = sizeOf(group, 'screenshot').at(0) ?? meanScreenshot;
    if (skeleton === undefined || screenshot === undefined) {
      hybridBytes = undefined;
      break;
    }
    hybridBytes += first.requestBytes + skeleton + screenshot;
  }
  const bytesSent = rounds.reduce((total, round) => total + round.requestBytes, 0);
  const estimated = hybridBytes !== undefined && interactions.size > 0 ? Math.round(hybridBytes) : undefined;
  return {
    interactions: interactions.size,
    rounds: rounds.length,
    bytesSent,
    tokensSent: rounds.reduce(
      (total, round) => total + round.artifacts.reduce((sum, artifact) => sum + (artifact.tokens ?? 0), 0),
      0,
    ),
    ...(estimated !== undefined && { hybridBytes: estimated, savedBytes: estimated - bytesSent }),
  };
}

function roundView(round: RoundFields, kept: RoundView['kept']): RoundView {
  const {
    interactionId,
    query,
    round: number,
    planner,
    domMode,
    nodeCount,
    omittedNodes,
    artifacts,
    requestBytes,
    startedAt,
    timings,
    answer,
  } = round;
  return {
    interactionId,
    query,
    round: number,
    planner,
    domMode,
    nodeCount,
    omittedNodes,
    artifacts,
    requestBytes,
    startedAt,
    timings,
    answer,
    kept,
  };
}

/** The rounds of a step, its target and the session's totals, from a live session's memory. */
export function liveNegotiation(session: LiveSession, seq: number): StepNegotiation {
  const placed = session.rounds.map(({ afterSeq, event }) => ({ afterSeq, round: event }));
  const rounds = roundsOfStep(session.steps, placed, seq);
  const target = targetOfStep(session.steps, rounds, seq);
  return {
    rounds: rounds.map(round =>
      roundView(round, { skeletonDom: round.sent?.skeletonDom !== undefined, screenshot: !!round.sent?.screenshot }),
    ),
    ...(target && { target }),
    totals: negotiationTotals(placed.map(p => p.round)),
  };
}

function placedRecords(session: RecordedSession): PlacedRound<RoundRecord>[] {
  const placed: PlacedRound<RoundRecord>[] = [];
  let afterSeq = 0;
  for (const record of session.records) {
    if (record.type === 'tool-call') afterSeq = record.seq;
    else if (record.type === 'negotiation-round') placed.push({ afterSeq, round: record });
  }
  return placed;
}

/** The same from a recording; recordings made before rounds kept their artifacts simply have none to fetch. */
export function recordedNegotiation(session: RecordedSession, seq: number): StepNegotiation {
  const placed = placedRecords(session);
  const rounds = roundsOfStep(session.steps, placed, seq);
  const target = targetOfStep(session.steps, rounds, seq);
  return {
    rounds: rounds.map(round =>
      roundView(round, { skeletonDom: !!round.sentFiles?.skeletonDom, screenshot: !!round.sentFiles?.screenshot }),
    ),
    ...(target && { target }),
    totals: negotiationTotals(placed.map(p => p.round)),
  };
}

const missingRound = (interactionId: string, round: number) =>
  new Error(`The session has no negotiation round ${round} of interaction ${interactionId}.`);

/** The skeleton DOM and screenshot a live round sent, while the session still holds them. */
export function liveRoundArtifacts(session: LiveSession, interactionId: string, round: number): RoundArtifacts {
  const found = session.rounds.find(
    ({ event }) => event.interactionId === interactionId && event.round === round,
  )?.event;
  if (!found) throw missingRound(interactionId, round);
  const sent = found.sent;
  const wasSent = found.artifacts.some(a => a.name === 'skeletonDom' || a.name === 'screenshot');
  return {
    ...(sent?.skeletonDom !== undefined && { skeletonDom: sent.skeletonDom }),
    ...(sent?.screenshot && { screenshot: sent.screenshot }),
    ...(!sent &&
      wasSent && {
        note: 'No longer in memory: a live session keeps the artifacts of its latest rounds only (record with --session-dir to keep them all).',
      }),
  };
}

/** A file name the recorder wrote into artifacts/: a plain name, so a crafted events.jsonl cannot point outside. */
const ARTIFACT_NAME = /^[\w-]+(?:\.[\w-]+)*$/;

async function readArtifact(session: RecordedSession, file: string): Promise<Buffer> {
  if (!ARTIFACT_NAME.test(file))
    throw new Error(`The recording names an invalid artifact file: ${JSON.stringify(file.slice(0, 80))}.`);
  return readFile(session.artifactPath(file));
}

/** The same from a recording's files (a gzip skeleton, a JPEG screenshot). */
export async function recordedRoundArtifacts(
  session: RecordedSession,
  interactionId: string,
  round: number,
): Promise<RoundArtifacts> {
  const found = placedRecords(session).find(
    ({ round: r }) => r.interactionId === interactionId && r.round === round,
  )?.round;
  if (!found) throw missingRound(interactionId, round);
  const files = found.sentFiles;
  const wasSent = found.artifacts.some(a => a.name === 'skeletonDom' || a.name === 'screenshot');
  return {
    ...(files?.skeletonDom && {
      skeletonDom: gunzipSync(await readArtifact(session, files.skeletonDom)).toString('utf8'),
    }),
    ...(files?.screenshot && {
      screenshot: {
        mimeType: 'image/jpeg',
        base64: (await readArtifact(session, files.screenshot)).toString('base64'),
      },
    }),
    ...(!files &&
      wasSent && {
        note: 'This recording sized the artifacts but did not keep them (recorded by an earlier version).',
      }),
  };
}

/** A round as the UI's event stream carries it: the artifacts stay in the core until asked for. */
export function withoutArtifacts(event: NegotiationRoundEvent): Omit<NegotiationRoundEvent, 'sent'> {
  const { sent: _sent, ...light } = event;
  return light;
}
