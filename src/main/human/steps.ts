import { jsLiteral, jsOptions, jsString } from '../../shared/js-literal';
import { envLookup } from '../codegen/language-values';
import type { ResolvedTarget, ToolCallEvent } from '../../shared/events';
import type { HumanMessage } from './messages';

/** A step a person took by hand, as the tool call an agent would have made for it; the session adds its id and seq. */
export type HumanStep = Omit<ToolCallEvent, 'type' | 'sessionId' | 'seq'>;

/** The messages that are steps (the others only prepare them). */
export type StepMessage = Exclude<HumanMessage, { kind: 'arm' | 'input' }>;

export interface StepPlace {
  /** Where the element is, for element steps. */
  target?: ResolvedTarget;
  url: string;
  title?: string;
  startedAt: number;
}

export const PASSWORD_NOTE =
  "Typed into a password field by hand. The value is not recorded: the code reads it from process.env['PASSWORD'].";

/**
 * Typed text as the step records it. A configured secret's value becomes its name, as when an agent types the name;
 * any other password becomes a placeholder, so neither is ever kept in clear.
 */
export function typedText(
  secrets: Record<string, string>,
  value: string,
  password: boolean,
): { text: string; code: string; note?: string } {
  const secret = Object.keys(secrets).find(name => secrets[name] === value);
  if (secret) return { text: secret, code: envLookup('typescript', secret) };
  if (password && value) return { text: '<password>', code: envLookup('typescript', 'PASSWORD'), note: PASSWORD_NOTE };
  return { text: value, code: jsString(value) };
}

/** The tool call, arguments and generated code equivalent to what a person did. */
export function humanStep(message: StepMessage, place: StepPlace, secrets: Record<string, string>): HumanStep {
  const { tool, args, code, note } = equivalentCall(message, place.target, secrets);
  return {
    tool,
    args,
    startedAt: place.startedAt,
    endedAt: Date.now(),
    outcome: 'ok',
    actor: 'human',
    ...(place.target && { targets: [place.target] }),
    response: {
      ...(note && { result: note }),
      code,
      page: { url: place.url, ...(place.title !== undefined && { title: place.title }) },
    },
    code,
    url: place.url,
    title: place.title,
  };
}

function equivalentCall(message: StepMessage, target: ResolvedTarget | undefined, secrets: Record<string, string>) {
  if (message.kind === 'key')
    return {
      tool: 'browser_press_key',
      args: { key: message.key },
      code: `await page.keyboard.press(${jsString(message.key)});`,
    };
  if (!target) throw new Error(`A ${message.kind} step needs its element`);
  const element = { element: describe(target), target: target.target };
  const { locator } = target;
  switch (message.kind) {
    case 'click': {
      // A checkbox click replays as the state it left (as Playwright's codegen records it), not as a toggle.
      if (message.checked !== undefined)
        return {
          tool: 'browser_click',
          args: element,
          code: `await ${locator}.${message.checked ? 'check' : 'uncheck'}();`,
        };
      const modifiers = message.modifiers.length ? message.modifiers : undefined;
      return {
        tool: 'browser_click',
        args: { ...element, ...(modifiers && { modifiers }) },
        code: `await ${locator}.click(${jsOptions({ modifiers })});`,
      };
    }
    case 'type': {
      const { text, code, note } = typedText(secrets, message.value, message.password);
      const lines = [
        `await ${locator}.fill(${code});`,
        ...(message.submit ? [`await ${locator}.press('Enter');`] : []),
      ];
      return {
        tool: 'browser_type',
        args: { ...element, text, ...(message.submit && { submit: true }) },
        code: lines.join('\n'),
        note,
      };
    }
    case 'select': {
      const { values } = message;
      return {
        tool: 'browser_select_option',
        args: { ...element, values },
        code: `await ${locator}.selectOption(${jsLiteral(values.length === 1 ? values[0] : values)});`,
      };
    }
  }
}

/** `button "Save"`, as an agent describes the element it asks permission for. */
function describe(target: ResolvedTarget): string {
  if (!target.role) return target.locator;
  return target.name ? `${target.role} ${JSON.stringify(target.name)}` : target.role;
}
