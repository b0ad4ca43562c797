import type { CodeAction } from './action';
import { clickOptions, quoted, textIn } from './language-values';

/** `new Locator.ClickOptions()` with one setter per line, or nothing for a plain left click. */
function javaClickOptions(action: Extract<CodeAction, { name: 'click' }>): string {
  const { button, modifiers } = clickOptions(action);
  const setters = [
    button && `  .setButton(MouseButton.${button.toUpperCase()})`,
    modifiers &&
      `  .setModifiers(Arrays.asList(${modifiers.map(key => `KeyboardModifier.${key.toUpperCase()}`).join(', ')}))`,
  ].filter(Boolean);
  return setters.length ? ['new Locator.ClickOptions()', ...setters].join('\n') : '';
}

/** An action in Java, its locator already in Java. */
export function javaAction(action: CodeAction): string {
  switch (action.name) {
    case 'navigate':
      return `page.navigate(${quoted(action.url)});`;
    case 'click':
      return `${action.locator}.${action.clickCount === 2 ? 'dblclick' : 'click'}(${javaClickOptions(action)});`;
    case 'hover':
    case 'check':
    case 'uncheck':
      return `${action.locator}.${action.name}();`;
    case 'fill':
      return `${action.locator}.fill(${textIn('java', action.text)});`;
    case 'press':
      return `${action.locator}.press(${quoted(action.key)});`;
    case 'select': {
      const options =
        action.options.length === 1
          ? quoted(action.options[0])
          : `new String[] {${action.options.map(quoted).join(', ')}}`;
      return `${action.locator}.selectOption(${options});`;
    }
    case 'assertVisible':
      return `assertThat(${action.locator}).isVisible();`;
    case 'assertChecked':
      return `assertThat(${action.locator})${action.checked ? '' : '.not()'}.isChecked();`;
    case 'assertValue':
      return `assertThat(${action.locator}).${action.value ? `hasValue(${quoted(action.value)})` : 'isEmpty()'};`;
    case 'assertSnapshot':
      return `assertThat(${action.locator}).matchesAriaSnapshot(${quoted(action.ariaSnapshot)});`;
  }
}
