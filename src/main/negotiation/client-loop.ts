import { randomUUID } from 'node:crypto';
import type { Tab } from '../browser/tab';
import { fullDomArtifact, screenshotArtifact } from '../page-state/artifacts';
import { SemanticExtractor } from '../page-state/semantic';
import type { ArtifactSize } from '../../shared/events';
import { tokenCounter } from '../tokens/counter';
import { imageSize } from '../tokens/image-size';
import { imageTokens } from '../tokens/image-tokens';
import {
  interactResponseSchema,
  isNegotiation,
  parseAction,
  requestedArtifacts,
  type InteractRequest,
  type NegotiationRound,
  type PlannedAction,
  type RequestedArtifacts,
  type SemanticNode,
} from '../../shared/negotiation';
import { PlannerError, type Planner } from './planner';

export interface ClientLoopOptions {
  tab: Tab;
  query: string;
  planner: Planner;
  maxRounds: number;
  /** Called as each round ends, before the next begins. */
  onRound(round: NegotiationRound): void;
  signal?: AbortSignal;
}

export interface PlannedStep {
  rounds: NegotiationRound[];
  thought: string;
  action: PlannedAction;
  /** The node the action targets, as the planner saw it. */
  node?: SemanticNode;
}

/** Thrown when negotiation ends without an action: the planner failed or kept asking. Rounds so far are kept. */
export class NegotiationError extends Error {
  constructor(
    message: string,
    readonly rounds: NegotiationRound[],
  ) {
    super(message);
  }
}

type Artifacts = Pick<InteractRequest, 'skeletonDom' | 'screenshot' | 'screenshotHash' | 'dom'>;

/**
 * The extension side of seed 003, on the controlled page: send semantic_v3 first; when the planner asks for more,
 * send the same request again with only the artifacts it asked for; stop at an action or after `maxRounds`.
 */
export async function planStep(options: ClientLoopOptions): Promise<PlannedStep> {
  const { tab, query, planner, maxRounds } = options;
  const interactionId = randomUUID();
  const extractor = new SemanticExtractor(tab);
  const rounds: NegotiationRound[] = [];

  const snapshotStart = performance.now();
  // A fresh snapshot: its refs become the ids the planner sees and the targets the action may use.
  const yaml = await tab.snapshot();
  let snapshotMs = performance.now() - snapshotStart;
  const extractStart = performance.now();
  const state = await extractor.extract(yaml, { scope: 'viewport', query });
  const base: InteractRequest = {
    url: state.url,
    query,
    domMode: 'semantic_v3',
    pageTitle: state.pageTitle,
    viewport: state.viewport,
    interactiveTree: state.interactiveTree,
    scrollPosition: state.scrollPosition,
    scrollableContainers: state.scrollableContainers,
    omittedNodes: state.omittedNodes,
    recentEvents: tab.takeRecentEvents(),
  };
  let extractMs = performance.now() - extractStart;

  // Each artifact is produced at most once per query, and only when the planner asks for it.
  const cache: { skeletonDom?: string; screenshot?: Awaited<ReturnType<typeof screenshotArtifact>>; dom?: string } = {};
  const artifactsFor = async (wanted: RequestedArtifacts): Promise<Artifacts> => {
    const out: Artifacts = {};
    if (wanted.skeletonDom)
      out.skeletonDom = cache.skeletonDom ??= await extractor.skeleton(state.interactiveTree.map(node => node.i));
    if (wanted.screenshot) Object.assign(out, (cache.screenshot ??= await screenshotArtifact(tab.page)));
    if (wanted.dom) out.dom = cache.dom ??= await fullDomArtifact(tab.page);
    return out;
  };

  let artifactsMs = 0;
  let request = base;
  let previous: RequestedArtifacts | undefined;
  for (let round = 1; ; round++) {
    const startedAt = Date.now();
    const planStart = performance.now();
    let answer: NegotiationRound['answer'];
    let response;
    try {
      const planned = interactResponseSchema.safeParse(await planner.plan(request, options.signal));
      if (!planned.success)
        throw new PlannerError(
          `The planner answered outside the contract: ${planned.error.issues.map(i => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      response = planned.data;
      answer = isNegotiation(response)
        ? { kind: 'needs_context', requested: requestedArtifacts(response), reason: response.reason }
        : { kind: 'action', thought: response.thought, action: response.action };
    } catch (error) {
      answer = { kind: 'error', message: error instanceof Error ? error.message : String(error) };
    }
    const planMs = performance.now() - planStart;
    const record: NegotiationRound = {
      interactionId,
      query,
      round,
      planner: planner.name,
      domMode: request.domMode,
      nodeCount: request.interactiveTree.length,
      omittedNodes: state.omittedNodes,
      artifacts: await artifactSizes(request),
      requestBytes: Buffer.byteLength(JSON.stringify(request)),
      startedAt,
      timings: {
        snapshotMs: round1(snapshotMs),
        extractMs: round1(extractMs),
        artifactsMs: round1(artifactsMs),
        planMs: round1(planMs),
      },
      answer,
      ...sentArtifacts(request),
    };
    rounds.push(record);
    options.onRound(record);

    if (answer.kind === 'error') {
      throw new NegotiationError(`Planner ${planner.name} failed: ${answer.message}`, rounds);
    }
    if (answer.kind === 'action') {
      const action = parseAction(answer.action)!;
      const id =
        'id' in action ? action.id : action.kind === 'scroll' && action.target !== 'page' ? action.target : undefined;
      const node = id === undefined ? undefined : request.interactiveTree.find(n => n.i === id);
      if (id !== undefined && !node)
        throw new NegotiationError(
          `Planner ${planner.name} chose "${id}", which is not an id of the interactiveTree it was sent.`,
          rounds,
        );
      return { rounds, thought: answer.thought, action, node };
    }

    const wanted = answer.requested;
    const why = answer.reason ? ` (${answer.reason})` : '';
    if (round >= maxRounds) {
      throw new NegotiationError(
        `Planner ${planner.name} still asked for ${wanted.domMode} context after ${round} rounds${why}; giving up.`,
        rounds,
      );
    }
    if (previous && sameRequest(previous, wanted)) {
      throw new NegotiationError(
        `Planner ${planner.name} asked again for the ${wanted.domMode} context it was just sent${why}; giving up.`,
        rounds,
      );
    }
    const artifactsStart = performance.now();
    const artifacts = await artifactsFor(wanted);
    artifactsMs = performance.now() - artifactsStart;
    snapshotMs = extractMs = 0;
    previous = wanted;
    // The retry carries semantic_v3 again, plus only what this answer asked for (seed 003, 2.2).
    request = { ...base, domMode: wanted.domMode, ...artifacts };
  }
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

const sameRequest = (a: RequestedArtifacts, b: RequestedArtifacts) =>
  a.domMode === b.domMode && a.skeletonDom === b.skeletonDom && a.screenshot === b.screenshot && a.dom === b.dom;

/** A retry's skeleton DOM and screenshot, kept on its round for the inspector (the full DOM is only sized). */
export function sentArtifacts(request: InteractRequest): Pick<NegotiationRound, 'sent'> {
  if (request.skeletonDom === undefined && request.screenshot === undefined) return {};
  return {
    sent: {
      ...(request.skeletonDom !== undefined && { skeletonDom: request.skeletonDom }),
      ...(request.screenshot !== undefined && { screenshot: { mimeType: 'image/jpeg', base64: request.screenshot } }),
    },
  };
}

/**
 * Sizes of what one request carries, in request order: bytes as sent (JSON; the screenshot as base64), and tokens
 * counted by the same counter as steps' responses, so a round and a step compare.
 */
export async function artifactSizes(request: InteractRequest): Promise<ArtifactSize[]> {
  const texts: { name: ArtifactSize['name']; text: string }[] = [
    { name: 'interactiveTree', text: JSON.stringify(request.interactiveTree) },
  ];
  if (request.skeletonDom) texts.push({ name: 'skeletonDom', text: request.skeletonDom });
  if (request.dom) texts.push({ name: 'dom', text: request.dom });
  // The counter reports its own failure; the sizes then go without tokens.
  const counts = await tokenCounter.count(texts.map(({ text }) => text)).catch(() => undefined);
  const sizes: ArtifactSize[] = texts.map(({ name, text }, index) => ({
    name,
    bytes: Buffer.byteLength(text),
    ...(counts && { tokens: counts[index] }),
  }));
  if (request.screenshot) {
    // The JPEG's own size (it may be scaled from the viewport); the viewport only if the header cannot be read.
    const size = imageSize(Buffer.from(request.screenshot, 'base64')) ??
      request.viewport ?? { width: 1280, height: 720 };
    const beforeDom = request.dom ? sizes.length - 1 : sizes.length;
    sizes.splice(beforeDom, 0, { name: 'screenshot', bytes: request.screenshot.length, tokens: imageTokens(size) });
  }
  return sizes;
}
