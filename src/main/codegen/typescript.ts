import type { ActionText, CodeAction } from './action';
import { jsLiteral, jsOptions, jsString, jsTemplate } from '../../shared/js-literal';
import { envLookup } from './language-values';

export const typescriptText = (text: ActionText) =>
  'secret' in text ? envLookup('typescript', text.secret) : jsString(text.value);

/**
 * An action as this server's TypeScript: what an exported spec runs. It writes the modifiers that were pressed (the
 * other languages write Control and Meta as ControlOrMeta, as @playwright/mcp does).
 */
export function typescriptAction(action: CodeAction): string {
  switch (action.name) {
    case 'navigate':
      return `await page.goto(${jsString(action.url)});`;
    case 'click': {
      const options = {
        button: action.button === 'left' ? undefined : action.button,
        modifiers: action.modifiers?.length ? action.modifiers : undefined,
      };
      return `await ${action.locator}.${action.clickCount === 2 ? 'dblclick' : 'click'}(${jsOptions(options)});`;
    }
    case 'hover':
    case 'check':
    case 'uncheck':
      return `await ${action.locator}.${action.name}();`;
    case 'fill':
      return `await ${action.locator}.fill(${typescriptText(action.text)});`;
    case 'press':
      return `await ${action.locator}.press(${jsString(action.key)});`;
    case 'select':
      return `await ${action.locator}.selectOption(${jsLiteral(action.options.length === 1 ? action.options[0] : action.options)});`;
    case 'assertVisible':
      return `await expect(${action.locator}).toBeVisible();`;
    case 'assertChecked':
      return `await expect(${action.locator}).${action.checked ? '' : 'not.'}toBeChecked();`;
    case 'assertValue':
      return action.value
        ? `await expect(${action.locator}).toHaveValue(${jsString(action.value)});`
        : `await expect(${action.locator}).toBeEmpty();`;
    case 'assertSnapshot': {
      const template = action.ariaSnapshot
        .split('\n')
        .map(line => `  ${line}`)
        .join('\n');
      return `await expect(${action.locator}).toMatchAriaSnapshot(${jsTemplate(`\n${template}\n  `)});`;
    }
  }
}
