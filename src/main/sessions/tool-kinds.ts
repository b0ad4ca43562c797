/**
 * Tools that only look, apart from browser_snapshot: they change nothing, so neither an exported spec nor a replay
 * repeats them. (browser_snapshot changes nothing either; replay still takes it to compare snapshots.)
 */
export const OBSERVING_TOOLS: ReadonlySet<string> = new Set([
  'browser_find',
  'browser_take_screenshot',
  'browser_console_messages',
  'browser_network_requests',
  'browser_network_request',
  // The --caps lookups.
  'browser_cookie_list',
  'browser_cookie_get',
  'browser_localstorage_list',
  'browser_localstorage_get',
  'browser_sessionstorage_list',
  'browser_sessionstorage_get',
  'browser_route_list',
  'browser_generate_locator',
  'browser_get_config',
  'browser_highlight',
  'browser_hide_highlight',
]);

/** Planning tools: the action they chose is recorded as its own step (`via`), which is what exports and replays. */
export const PLANNING_TOOLS: ReadonlySet<string> = new Set(['browser_interact']);
