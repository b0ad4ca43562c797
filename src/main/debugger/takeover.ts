import type { ToolCallEvent } from '../../shared/events';

const quote = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 59)}…` : text);

/** The element a person's step acted on, as the agent's snapshot names it: `button "Accept cookies"`. */
function element(step: ToolCallEvent): string {
  const target = step.targets?.[0];
  if (target?.role) return target.name ? `${target.role} ${quote(target.name)}` : target.role;
  const described = step.args.element;
  return typeof described === 'string' && described ? described : 'an element';
}

/** One of a person's steps in a few words, for the agent: `clicked button "Accept cookies"`. */
export function describeHumanStep(step: ToolCallEvent): string {
  const { args } = step;
  switch (step.tool) {
    case 'browser_click':
      return `clicked ${element(step)}`;
    case 'browser_type':
      return `typed ${typeof args.text === 'string' ? `${quote(args.text)} ` : ''}into ${element(step)}${args.submit ? ' and pressed Enter' : ''}`;
    case 'browser_select_option':
      return `selected ${Array.isArray(args.values) ? args.values.map(value => quote(String(value))).join(', ') : 'an option'} in ${element(step)}`;
    case 'browser_press_key':
      return `pressed ${typeof args.key === 'string' ? args.key : 'a key'}`;
    default:
      return `${step.tool.replace(/^browser_/, '').replace(/_/g, ' ')} on ${element(step)}`;
  }
}

/** The note a held call's answer begins with, when a person acted in the browser while it was held. */
export function takeoverNote(done: string[]): string {
  return [
    'While this call was held in the inspector, a person acted in the browser:',
    ...done.map(line => `- ${line}`),
    'The page may have changed since your last snapshot: the snapshot below is current; use its refs.',
  ].join('\n');
}
