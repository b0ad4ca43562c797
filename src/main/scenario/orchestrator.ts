import { jsString } from '../../shared/js-literal';
import { DomProcessorService } from '../dom-processor/dom-processor';
import { DEFAULT_INCLUDE_ATTRIBUTES, StateFormatterService } from '../dom-processor/state-formatter';
import type { DomState, SerializableDOMNode } from '../dom-processor/types';
import type { InspectorCore } from '../core';
import { screenshotArtifact } from '../page-state/artifacts';
import { ActionTranslatorService, describeNode } from './action-translator';
import { NLToActionTranslator, TranslationError, type ContextSources } from './nl-translator';
import { PlaywrightBridgeService, type BridgeSession } from './playwright-bridge';
import { writeSpec } from './spec-writer';
import type { IntermediateStep, OperationResult, ParserResult, Scenario, TestStep } from './types';

export interface ScenarioOptions {
  /** Passed to the DOM extraction; -1 (default): the whole page, since a step may name anything on it. */
  viewportExpansion?: number;
  /** The attributes the formatted DOM shows. */
  includeAttributes?: readonly string[];
  /** Called as each step ends (progress output). */
  onStep?: (step: TestStep) => void;
}

/** The services of the seed's sequence diagram, wired once per run. */
export interface ScenarioServices {
  bridge: PlaywrightBridgeService;
  domProcessor: DomProcessorService;
  formatter: StateFormatterService;
  translator: NLToActionTranslator;
  actions: ActionTranslatorService;
}

/** Wires the services on a session of the core: its browser, its tool layer, its planner, its event bus. */
export function scenarioServices(
  core: Pick<InspectorCore, 'bus' | 'planner' | 'config'>,
  session: BridgeSession,
): ScenarioServices {
  const bridge = new PlaywrightBridgeService(session, core.bus);
  return {
    bridge,
    domProcessor: new DomProcessorService(bridge),
    formatter: new StateFormatterService(),
    translator: new NLToActionTranslator(
      core.planner,
      core.config.planner.maxRounds,
      round => void core.bus.publish({ type: 'negotiation-round', sessionId: session.id, ...round }),
    ),
    actions: new ActionTranslatorService(bridge),
  };
}

/** Steps that check rather than act: a `done` answer to one is confirmed in the page when it quotes text. */
const VERIFY = /^\s*(?:verify|assert|check|ensure|confirm|expect|see|make sure)\b/i;
const QUOTED = /"([^"]+)"|“([^”]+)”/g;
const NEGATED = /\b(?:not|no|never|isn't|aren't|doesn't|don't|gone|disappear(?:s|ed)?|hidden|absent|missing)\b/i;

/**
 * The seed's ScenarioParserOrchestrator: opens the start URL, then for each step reads the DOM (DomProcessorService),
 * formats it (StateFormatterService), has the planner choose an action (NLToActionTranslator) and carries it out
 * (ActionTranslatorService → PlaywrightBridgeService → tool calls). The first step that cannot be matched or carried
 * out stops the run; the result says which and why, and the spec covers the steps before it.
 */
export class ScenarioParserOrchestrator {
  constructor(
    private readonly services: ScenarioServices,
    private readonly options: ScenarioOptions = {},
  ) {}

  async parse(scenario: Scenario): Promise<ParserResult> {
    const steps: TestStep[] = [];
    let failure: ParserResult['failure'];
    const record = (step: TestStep) => {
      steps.push(step);
      this.options.onStep?.(step);
      if (step.outcome === 'failed') failure = { number: step.number, text: step.text, message: step.error! };
    };

    record(await this.open(scenario.url));
    for (const [k, text] of scenario.actions.entries()) {
      if (failure) break;
      record(await this.step(k + 1, text));
    }
    return { scenario, steps, success: !failure, ...(failure && { failure }), spec: writeSpec(scenario, steps) };
  }

  private async open(url: string): Promise<TestStep> {
    const startedAt = Date.now();
    const result = await this.services.actions.executeAction({ action: 'navigate', url }, {});
    const base = { number: 0, text: `Open ${url}`, action: 'navigate' as const, value: url, assertions: [], startedAt };
    if (!result.success)
      return {
        ...base,
        outcome: 'failed',
        error: `Opening ${url} failed: ${result.error.message}`,
        calls: [],
        durationMs: Date.now() - startedAt,
      };
    return { ...base, outcome: 'passed', calls: result.call ? [result.call] : [], durationMs: Date.now() - startedAt };
  }

  private async step(number: number, text: string): Promise<TestStep> {
    const { bridge, domProcessor, formatter, translator, actions } = this.services;
    const startedAt = Date.now();
    const name = `Step ${number} ("${text}")`;
    const failed = (partial: Partial<TestStep>, error: string): TestStep => ({
      number,
      text,
      calls: [],
      assertions: [],
      ...partial,
      outcome: 'failed',
      error,
      startedAt,
      durationMs: Date.now() - startedAt,
    });

    let state: DomState;
    let translation;
    try {
      const extractStart = performance.now();
      state = await domProcessor.getDomState({ viewportExpansion: this.options.viewportExpansion ?? -1 });
      const extractMs = Math.round((performance.now() - extractStart) * 10) / 10;
      const dom = formatter.formatDomForLLM(
        state.domTree,
        this.options.includeAttributes ?? DEFAULT_INCLUDE_ATTRIBUTES,
      );
      const payload = formatter.createLlmPromptPayload(dom, state.url, text, await bridge.getTabsInfo(), state.title);
      const sources: ContextSources = {
        screenshot: async () => screenshotArtifact(await bridge.getPage()),
        fullDom: () => bridge.getPageContent(),
      };
      translation = await translator.translate(payload, state, sources, extractMs);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return failed(
        {},
        error instanceof TranslationError
          ? `${name} could not be matched: ${reason}`
          : `${name} failed while reading the page: ${reason}`,
      );
    }

    const { step, thought } = translation;
    const node = 'index' in step && step.index !== undefined ? state.selectorMap[step.index] : undefined;
    const described = { action: step.action, thought, ...(node && { target: describeNode(node) }), ...valueOf(step) };
    const result = await actions.executeAction(step, state.selectorMap);
    if (!result.success) return failed(described, `${name} failed: ${result.error.message}`);
    const calls = result.call ? [result.call] : [];

    if (step.action === 'done' && VERIFY.test(text)) {
      for (const check of confirmations(text)) {
        const confirmed = await actions.executeAction(check, state.selectorMap);
        if (!confirmed.success)
          return failed(
            { ...described, calls },
            `${name} failed: the planner found it fulfilled, but the page does not confirm it: ${confirmed.error.message}`,
          );
        if (confirmed.call) calls.push(confirmed.call);
      }
    }
    const locator = result.call?.locator;
    return {
      number,
      text,
      ...described,
      ...(locator && { locator }),
      outcome: 'passed',
      calls,
      assertions: await this.observe(step, node, result, locator),
      startedAt,
      durationMs: Date.now() - startedAt,
    };
  }

  /** What a click or a choice left behind, as assertions the generated code does not already imply. */
  private async observe(
    step: IntermediateStep,
    node: SerializableDOMNode | undefined,
    result: OperationResult,
    locator: string | undefined,
  ): Promise<string[]> {
    if (!node || !locator || !result.success || !result.selector) return [];
    const { bridge } = this.services;
    const checkable = ['checkbox', 'radio', 'switch'].includes(node.role ?? '');
    if (step.action === 'click' && checkable) {
      const checked = await bridge.isChecked(result.selector);
      if (checked !== undefined) return [`await expect(${locator})${checked ? '' : '.not'}.toBeChecked();`];
    }
    if (step.action === 'select') {
      const value = await bridge.inputValue(result.selector);
      if (value !== undefined) return [`await expect(${locator}).toHaveValue(${jsString(value)});`];
    }
    return [];
  }
}

function valueOf(step: IntermediateStep): { value?: string } {
  switch (step.action) {
    case 'input':
      return { value: step.text };
    case 'select':
      return { value: step.value };
    case 'navigate':
      return { value: step.url };
    case 'press':
      return { value: step.key };
    case 'done':
      return { value: step.summary };
    default:
      return {};
  }
}

/** The waits that confirm a verification in the page: each quoted text shown, or gone when the step says not. */
export function confirmations(text: string): IntermediateStep[] {
  const quoted = [...text.matchAll(QUOTED)].map(match => match[1] ?? match[2]);
  const negated = NEGATED.test(text.replace(QUOTED, ''));
  return quoted.map(value => (negated ? { action: 'wait', textGone: value } : { action: 'wait', text: value }));
}
