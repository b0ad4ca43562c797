import { roleOf, type PlannedAction, type SemanticNode } from '../../shared/negotiation';

export interface ToolInvocation {
  name: string;
  args: Record<string, unknown>;
}

const SCROLL_FRACTION = 0.8;

/**
 * The MCP tool call that carries out a planned action, so it runs, is recorded and generates code like any agent's
 * call. `done` and `fail` end the step without touching the page: undefined.
 */
export function toolFor(action: PlannedAction, node?: SemanticNode): ToolInvocation | undefined {
  const element = node && (node.n ? `${roleOf(node.r)} "${node.n}"` : roleOf(node.r));
  switch (action.kind) {
    case 'click':
      return { name: 'browser_click', args: { target: action.id, element } };
    case 'type':
      return { name: 'browser_type', args: { target: action.id, element, text: action.text } };
    case 'select':
      return { name: 'browser_select_option', args: { target: action.id, element, values: [action.value] } };
    case 'press':
      return { name: 'browser_press_key', args: { key: action.key } };
    case 'navigate':
      return { name: 'browser_navigate', args: { url: action.url } };
    case 'wait':
      return { name: 'browser_wait_for', args: { time: action.ms / 1000 } };
    case 'scroll': {
      const sign = action.direction === 'up' ? '-' : '';
      return action.target === 'page'
        ? {
            name: 'browser_evaluate',
            args: { function: `() => window.scrollBy(0, ${sign}window.innerHeight * ${SCROLL_FRACTION})` },
          }
        : {
            name: 'browser_evaluate',
            args: {
              target: action.target,
              element,
              function: `(element) => element.scrollBy(0, ${sign}element.clientHeight * ${SCROLL_FRACTION})`,
            },
          };
    }
    case 'done':
    case 'fail':
      return undefined;
  }
}
