import type { CodeAction } from './action';
import { clickOptions, quoted, textIn } from './language-values';

const pascal = (name: string) => name[0].toUpperCase() + name.slice(1);

/** `new()` with one property per line, or nothing for a plain left click. */
function csharpClickOptions(action: Extract<CodeAction, { name: 'click' }>): string {
  const { button, modifiers } = clickOptions(action);
  const properties = [
    button && `    Button = MouseButton.${pascal(button)},`,
    modifiers && `    Modifiers = new[] { ${modifiers.map(key => `KeyboardModifier.${key}`).join(', ')} },`,
  ].filter(Boolean);
  return properties.length ? ['new()', '{', ...properties, '}'].join('\n') : '';
}

/** An action in C#, its locator already in C#. */
export function csharpAction(action: CodeAction): string {
  switch (action.name) {
    case 'navigate':
      return `await page.GotoAsync(${quoted(action.url)});`;
    case 'click':
      return `await ${action.locator}.${action.clickCount === 2 ? 'DblClick' : 'Click'}Async(${csharpClickOptions(action)});`;
    case 'hover':
    case 'check':
    case 'uncheck':
      return `await ${action.locator}.${pascal(action.name)}Async();`;
    case 'fill':
      return `await ${action.locator}.FillAsync(${textIn('csharp', action.text)});`;
    case 'press':
      return `await ${action.locator}.PressAsync(${quoted(action.key)});`;
    case 'select':
      return `await ${action.locator}.SelectOptionAsync(new[] { ${action.options.map(quoted).join(', ')} });`;
    case 'assertVisible':
      return `await Expect(${action.locator}).ToBeVisibleAsync();`;
    case 'assertChecked':
      return `await Expect(${action.locator})${action.checked ? '' : '.Not'}.ToBeCheckedAsync();`;
    case 'assertValue':
      return `await Expect(${action.locator}).${action.value ? `ToHaveValueAsync(${quoted(action.value)})` : 'ToBeEmptyAsync()'};`;
    case 'assertSnapshot':
      return `await Expect(${action.locator}).ToMatchAriaSnapshotAsync(${quoted(action.ariaSnapshot)});`;
  }
}
