import { selectorsFor } from '../dom-processor/selectors';
import type { SelectorMap, SerializableDOMNode } from '../dom-processor/types';
import { BridgeError, type PlaywrightBridgeService } from './playwright-bridge';
import type { ErrorInfo, IntermediateStep, OperationResult, ToolCallSummary } from './types';

/** The bridge methods the translator uses; a narrower type keeps the error-path tests free of a browser. */
export type ActionBridge = Pick<
  PlaywrightBridgeService,
  | 'navigateTo'
  | 'goBack'
  | 'click'
  | 'type'
  | 'selectOption'
  | 'scroll'
  | 'pressKey'
  | 'waitFor'
  | 'switchToTab'
  | 'count'
>;

/**
 * Carries out IntermediateSteps through the bridge. An element step looks its index up in the SelectorMap of the DOM
 * state it was planned on and targets the node by XPath, or by CSS where XPath cannot reach (inside a shadow root) or
 * no longer matches exactly one element. Every failure comes back as an OperationResult, never as an exception.
 */
export class ActionTranslatorService {
  constructor(private readonly bridge: ActionBridge) {}

  async executeAction(step: IntermediateStep, selectorMap: SelectorMap): Promise<OperationResult> {
    try {
      return { success: true, ...(await this.run(step, selectorMap)) };
    } catch (error) {
      return { success: false, error: errorInfo(error) };
    }
  }

  private async run(
    step: IntermediateStep,
    selectorMap: SelectorMap,
  ): Promise<{ call?: ToolCallSummary; selector?: string }> {
    switch (step.action) {
      case 'navigate':
        return { call: await this.bridge.navigateTo(step.url) };
      case 'back':
        return { call: await this.bridge.goBack() };
      case 'switchTab':
        return { call: await this.bridge.switchToTab(step.pageIndex) };
      case 'press':
        return { call: await this.bridge.pressKey(step.key) };
      case 'wait':
        return { call: await this.bridge.waitFor(step) };
      case 'done':
        return {};
      case 'scroll': {
        if (step.index === undefined) return { call: await this.bridge.scroll(step.direction) };
        const { selector, node } = await this.target(step.index, selectorMap);
        return { call: await this.bridge.scroll(step.direction, selector, describeNode(node)), selector };
      }
      case 'click': {
        const { selector, node } = await this.target(step.index, selectorMap);
        return { call: await this.bridge.click(selector, describeNode(node)), selector };
      }
      case 'input': {
        const { selector, node } = await this.target(step.index, selectorMap);
        return { call: await this.bridge.type(selector, step.text, describeNode(node)), selector };
      }
      case 'select': {
        const { selector, node } = await this.target(step.index, selectorMap);
        return { call: await this.bridge.selectOption(selector, step.value, describeNode(node)), selector };
      }
    }
  }

  /** The selector that finds the indexed node now: its XPath, else its CSS path, whichever matches exactly one element. */
  async target(index: number, selectorMap: SelectorMap): Promise<{ selector: string; node: SerializableDOMNode }> {
    const node = selectorMap[index];
    if (!node) {
      const indices = Object.keys(selectorMap).map(Number);
      const known = indices.length ? `indices ${Math.min(...indices)}–${Math.max(...indices)}` : 'none';
      throw new StepError(
        'index-not-found',
        `Element index ${index} is not in the selector map of the current page (${known}).`,
      );
    }
    const { xpath, css } = selectorsFor(node);
    for (const selector of [xpath, css]) {
      if (selector && (await this.bridge.count(selector)) === 1) return { selector, node };
    }
    throw new StepError(
      'element-detached',
      `Element [${index}] ${describeNode(node)} is no longer on the page (${xpath ?? css} matches nothing unique): the page changed after it was read.`,
    );
  }
}

/** `button "Save"`, `input` — how tool calls and test steps name an element. */
export function describeNode(node: SerializableDOMNode): string {
  const what = node.role && node.role !== 'generic' ? node.role : node.tagName;
  return node.name ? `${what} "${node.name}"` : what;
}

class StepError extends Error {
  constructor(
    readonly kind: ErrorInfo['kind'],
    message: string,
  ) {
    super(message);
  }
}

function errorInfo(error: unknown): ErrorInfo {
  if (error instanceof StepError) return { kind: error.kind, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  if (/\bTimeout \d+ms exceeded|timed out/i.test(message)) return { kind: 'timeout', message };
  // A selector that matched a moment ago and no longer does: the element went away in between.
  if (error instanceof BridgeError && /does not match any elements/.test(message))
    return { kind: 'element-detached', message };
  return { kind: 'tool-error', message };
}
