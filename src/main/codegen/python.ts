import type { CodeAction } from './action';
import { clickOptions, quoted, textIn } from './language-values';

/** An action in Python (the sync API), its locator already in Python. */
export function pythonAction(action: CodeAction): string {
  switch (action.name) {
    case 'navigate':
      return `page.goto(${quoted(action.url)})`;
    case 'click': {
      const { button, modifiers } = clickOptions(action);
      const options = [
        button && `button=${quoted(button)}`,
        modifiers && `modifiers=[${modifiers.map(quoted).join(', ')}]`,
      ]
        .filter(Boolean)
        .join(', ');
      return `${action.locator}.${action.clickCount === 2 ? 'dblclick' : 'click'}(${options})`;
    }
    case 'hover':
    case 'check':
    case 'uncheck':
      return `${action.locator}.${action.name}()`;
    case 'fill':
      return `${action.locator}.fill(${textIn('python', action.text)})`;
    case 'press':
      return `${action.locator}.press(${quoted(action.key)})`;
    case 'select': {
      const options =
        action.options.length === 1 ? quoted(action.options[0]) : `[${action.options.map(quoted).join(', ')}]`;
      return `${action.locator}.select_option(${options})`;
    }
    case 'assertVisible':
      return `expect(${action.locator}).to_be_visible()`;
    case 'assertChecked':
      return `expect(${action.locator}).${action.checked ? 'to_be_checked()' : 'not_to_be_checked()'}`;
    case 'assertValue':
      return `expect(${action.locator}).${action.value ? `to_have_value(${quoted(action.value)})` : 'to_be_empty()'}`;
    case 'assertSnapshot':
      return `expect(${action.locator}).to_match_aria_snapshot(${quoted(action.ariaSnapshot)})`;
  }
}
