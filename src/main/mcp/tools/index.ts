import type { ToolDefinition } from '../tool';
import console from './console';
import dialogs from './dialogs';
import element from './element';
import evaluate from './evaluate';
import form from './form';
import interact from './interact';
import keyboard from './keyboard';
import navigation from './navigation';
import network from './network';
import screenshot from './screenshot';
import snapshot from './snapshot';
import wait from './wait';
import window from './window';

/** Every tool, grouped by area; names and input schemas match @playwright/mcp's core tools, plus browser_interact. */
export const allTools: ToolDefinition[] = [
  ...navigation,
  ...snapshot,
  ...element,
  ...keyboard,
  ...form,
  ...dialogs,
  ...evaluate,
  ...screenshot,
  ...console,
  ...network,
  ...wait,
  ...window,
  ...interact,
];
