import { randomUUID } from 'node:crypto';
import type { DomState, LLMPromptPayload } from '../dom-processor/types';
import { artifactSizes, sentArtifacts } from '../negotiation/client-loop';
import type { Planner } from '../negotiation/planner';
import type { NegotiationRoundEvent } from '../../shared/events';
import {
  interactResponseSchema,
  isNegotiation,
  parseAction,
  requestedArtifacts,
  roleCode,
  type InteractRequest,
  type PlannedAction,
  type SemanticNode,
} from '../../shared/negotiation';
import type { IntermediateStep } from './types';

export type TranslationRound = Omit<NegotiationRoundEvent, 'type' | 'sessionId'>;

/** Heavier context the planner may ask for, produced on demand. */
export interface ContextSources {
  screenshot(): Promise<{ screenshot: string; screenshotHash: string }>;
  /** The page's raw HTML: what a planner asks for (`full`) when it must check attributes. */
  fullDom(): Promise<string>;
}

export interface Translation {
  step: IntermediateStep;
  thought: string;
  rounds: TranslationRound[];
}

/** The planner could not turn the step into an action: it failed, kept asking, or answered `fail`. */
export class TranslationError extends Error {
  constructor(
    message: string,
    readonly rounds: TranslationRound[],
  ) {
    super(message);
  }
}

/**
 * The seed's NLToActionTranslator, over the Planner interface (deterministic by default, an LLM or a remote backend
 * when configured): the processed DOM becomes a semantic_v3 request whose node ids are highlight indices, and the
 * formatted DOM is what the skeleton context carries. needs_context is honoured by resending with what was asked for,
 * up to `maxRounds`. A planner that answers `fail` without having seen the formatted DOM gets one more round with it:
 * that text also holds what the tree leaves out — status messages, headings — which is what a verification reads.
 */
export class NLToActionTranslator {
  constructor(
    private readonly planner: Planner,
    private readonly maxRounds: number,
    private readonly onRound: (round: TranslationRound) => void = () => {},
  ) {}

  async translate(
    payload: LLMPromptPayload,
    state: DomState,
    sources: ContextSources,
    extractMs = 0,
  ): Promise<Translation> {
    const interactionId = randomUUID();
    const tree = interactiveTree(state);
    const base: InteractRequest = {
      url: payload.url,
      query: payload.action,
      domMode: 'semantic_v3',
      pageTitle: payload.title,
      viewport: state.viewport,
      interactiveTree: tree,
      scrollPosition: state.scroll,
      omittedNodes: state.omitted,
    };
    const rounds: TranslationRound[] = [];
    let request = base;
    let artifactsMs = 0;
    for (let round = 1; ; round++) {
      const startedAt = Date.now();
      const planStart = performance.now();
      let answer: TranslationRound['answer'];
      try {
        const planned = interactResponseSchema.safeParse(await this.planner.plan(request));
        if (!planned.success)
          throw new Error(
            `the planner answered outside the contract: ${planned.error.issues.map(i => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
          );
        const response = planned.data;
        answer = isNegotiation(response)
          ? { kind: 'needs_context', requested: requestedArtifacts(response), reason: response.reason }
          : { kind: 'action', thought: response.thought, action: response.action };
      } catch (error) {
        answer = { kind: 'error', message: error instanceof Error ? error.message : String(error) };
      }
      const record: TranslationRound = {
        interactionId,
        query: payload.action,
        round,
        planner: this.planner.name,
        domMode: request.domMode,
        nodeCount: tree.length,
        omittedNodes: state.omitted,
        artifacts: await artifactSizes(request),
        requestBytes: Buffer.byteLength(JSON.stringify(request)),
        startedAt,
        timings: {
          snapshotMs: 0,
          extractMs: round === 1 ? extractMs : 0,
          artifactsMs: round1(artifactsMs),
          planMs: round1(performance.now() - planStart),
        },
        answer,
        ...sentArtifacts(request),
      };
      rounds.push(record);
      this.onRound(record);

      if (answer.kind === 'error')
        throw new TranslationError(`planner ${this.planner.name} failed: ${answer.message}`, rounds);
      const last = round >= this.maxRounds;
      const artifactsStart = performance.now();
      if (answer.kind === 'action') {
        const action = parseAction(answer.action)!;
        if (action.kind !== 'fail')
          return { step: toStep(action, tree, rounds, this.planner.name), thought: answer.thought, rounds };
        if (request.skeletonDom || last) throw new TranslationError(action.reason, rounds);
        request = {
          ...request,
          domMode: request.domMode === 'semantic_v3' ? 'skeleton' : request.domMode,
          skeletonDom: payload.dom,
        };
      } else {
        const wanted = answer.requested;
        const why = answer.reason ? ` (${answer.reason})` : '';
        if (last)
          throw new TranslationError(
            `planner ${this.planner.name} still asked for ${wanted.domMode} context after ${round} rounds${why}`,
            rounds,
          );
        const next: InteractRequest = { ...base, domMode: wanted.domMode };
        if (wanted.skeletonDom) next.skeletonDom = payload.dom;
        if (wanted.screenshot) Object.assign(next, await sources.screenshot());
        if (wanted.dom) next.dom = await sources.fullDom();
        if (sameArtifacts(request, next))
          throw new TranslationError(
            `planner ${this.planner.name} asked again for the ${wanted.domMode} context it was just sent${why}`,
            rounds,
          );
        request = next;
      }
      artifactsMs = performance.now() - artifactsStart;
    }
  }
}

/** The indexed elements as semantic_v3 nodes: `i` is the highlight index, `n` the accessible text. */
export function interactiveTree(state: DomState): SemanticNode[] {
  return Object.values(state.selectorMap).map(node => {
    const semantic: SemanticNode = { i: String(node.highlightIndex), r: roleCode(node.role ?? 'generic') };
    if (node.name) semantic.n = node.name;
    if (node.box) {
      const [x, y, width, height] = node.box;
      semantic.xy = [Math.round(x + width / 2), Math.round(y + height / 2)];
      semantic.box = node.box;
    }
    return semantic;
  });
}

function toStep(
  action: PlannedAction,
  tree: SemanticNode[],
  rounds: TranslationRound[],
  planner: string,
): IntermediateStep {
  const index = (id: string) => {
    if (!tree.some(node => node.i === id))
      throw new TranslationError(
        `planner ${planner} chose "${id}", which is not an index of the elements it was sent`,
        rounds,
      );
    return Number(id);
  };
  switch (action.kind) {
    case 'click':
      return { action: 'click', index: index(action.id) };
    case 'type':
      return { action: 'input', index: index(action.id), text: action.text };
    case 'select':
      return { action: 'select', index: index(action.id), value: action.value };
    case 'scroll':
      return action.target === 'page'
        ? { action: 'scroll', direction: action.direction }
        : { action: 'scroll', direction: action.direction, index: index(action.target) };
    case 'press':
      return { action: 'press', key: action.key };
    case 'navigate':
      return { action: 'navigate', url: action.url };
    case 'wait':
      return { action: 'wait', ms: action.ms };
    case 'done':
      return { action: 'done', summary: action.summary };
    case 'fail':
      throw new TranslationError(action.reason, rounds);
  }
}

const sameArtifacts = (a: InteractRequest, b: InteractRequest) =>
  a.domMode === b.domMode &&
  !!a.skeletonDom === !!b.skeletonDom &&
  !!a.screenshot === !!b.screenshot &&
  !!a.dom === !!b.dom;

const round1 = (ms: number) => Math.round(ms * 10) / 10;
