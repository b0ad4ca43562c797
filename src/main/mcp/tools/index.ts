import type { ToolDefinition } from '../tool';
import config from './config';
import console from './console';
import devtools from './devtools';
import dialogs from './dialogs';
import element from './element';
import evaluate from './evaluate';
import form from './form';
import interact from './interact';
import keyboard from './keyboard';
import media from './media';
import mouse from './mouse';
import navigation from './navigation';
import network from './network';
import pdf from './pdf';
import route from './route';
import screenshot from './screenshot';
import snapshot from './snapshot';
import storage from './storage';
import testing from './testing';
import wait from './wait';
import window from './window';

/**
 * Every tool, grouped by area; names and input schemas match @playwright/mcp's core tools and its `--caps` groups (a
 * tool's `capability`), plus browser_interact.
 */
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
  ...media,
  ...interact,
  ...mouse,
  ...pdf,
  ...storage,
  ...route,
  ...testing,
  ...devtools,
  ...config,
];
