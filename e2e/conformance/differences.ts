/**
 * The differences from @playwright/mcp we keep on purpose. Each names the README bullet (its bold lead, under
 * "Differences from Playwright MCP") that says what and why; a conformance test checks every bullet named exists.
 * A section that differs in any other way fails its case.
 */
export interface Difference {
  id: string;
  /** The bold lead of the README bullet, e.g. "Generated code". */
  bullet: string;
  /** Whether this difference may explain a difference in `section` (a `### Title`) of `tool`'s answer (both answers whole). */
  applies(tool: string, section: string, answers?: { ours: string; peer: string }): boolean;
  /** Rewrites one side's section so that what the difference allows no longer counts. */
  normalise(text: string | undefined, side: 'ours' | 'peer'): string | undefined;
}

const CODE = 'Ran Playwright code';
/** `page.` then the calls that name an element (`getByRole(…)`, `locator(…).first()`…), up to the action called on it. */
const LOCATOR_CHAIN =
  /page(?:\.(?:getBy\w+|locator|contentFrame|first|last|nth|filter|and|or)\((?:[^()]|\([^()]*\))*\))+/g;

/** browser_get_config's answer with what differs on purpose taken out: the peer's default channel, expect and settle timeouts. */
function withoutPeerDefaults(text: string | undefined, side: 'ours' | 'peer'): string | undefined {
  let config: { browser?: { launchOptions?: Record<string, unknown> }; timeouts?: Record<string, unknown> };
  try {
    config = JSON.parse(text ?? '');
  } catch {
    return text;
  }
  const { launchOptions = {} } = config.browser ?? {};
  const timeouts = config.timeouts ?? {};
  if (side === 'peer' && launchOptions.channel === 'chrome') delete launchOptions.channel;
  if (side === 'peer' && timeouts.expect === 5000) delete timeouts.expect;
  if (timeouts.settle === (side === 'peer' ? 500 : 5000)) delete timeouts.settle;
  return JSON.stringify(config, null, 2);
}

export const DIFFERENCES: Difference[] = [
  {
    id: 'generated-code-style',
    bullet: 'Generated code',
    applies: (_tool, section) => section === CODE,
    // Quotes, key quoting and line breaks only: what is called, with which values, must still be the same. A cancelled
    // file chooser is `setFiles([])` here (the peer's `setFiles(undefined)` does not run).
    normalise: text =>
      text
        ?.replace(/```\w*\n?/g, '')
        .replace(/['"`]/g, '')
        .replace(/[\s;]+/g, '')
        .replace(/,([}\]])/g, '$1')
        .replace('setFiles(undefined)', 'setFiles([])'),
  },
  {
    id: 'click-modifiers',
    bullet: 'Generated code',
    // The peer writes Control and Meta alike as ControlOrMeta; ours writes the key that was pressed.
    applies: (tool, section) => tool === 'browser_click' && section === CODE,
    normalise: text =>
      text?.replace(
        /modifiers:\[([^\]]*)\]/g,
        (_, list: string) =>
          `modifiers:[${[...new Set(list.split(',').map(key => (/^(Control|Meta)$/.test(key) ? 'ControlOrMeta' : key)))].join(',')}]`,
      ),
  },
  {
    id: 'selector-locator',
    bullet: 'A selector target',
    // The peer repeats the selector (`locator('input[name=terms]')`, `locator('aria-ref=e5')`); ours names the element
    // as Playwright normalizes it. Only the locator: what is called on it, with which options, must still be the same.
    applies: (tool, section, answers) => section === CODE && !!answers && /locator\(['"]/.test(answers.peer),
    normalise: text => text?.replace(LOCATOR_CHAIN, 'page.<LOCATOR>'),
  },
  {
    id: 'unparsed-locator-expression',
    bullet: 'A selector target',
    // A locator expression that does not parse: the peer hands the browser an empty selector and prints its CSS error.
    applies: (_tool, section, answers) =>
      section === 'Error' && !!answers?.peer.includes('while parsing css selector ""'),
    normalise: () => undefined,
  },
  {
    id: 'route-handler',
    bullet: '`browser_route`',
    // browser_unroute's `unroute(...)` too: the peer writes no code for it, and an exported spec needs it.
    applies: (tool, section) => (tool === 'browser_route' || tool === 'browser_unroute') && section === CODE,
    normalise: () => undefined,
  },
  {
    id: 'tracing-files',
    bullet: 'Tracing',
    applies: (tool, section) =>
      (tool === 'browser_start_tracing' || tool === 'browser_stop_tracing') && section === 'Result',
    normalise: () => undefined,
  },
  {
    id: 'no-debugger',
    bullet: '`browser_resume` / `browser_annotate`',
    applies: tool => tool === 'browser_resume' || tool === 'browser_annotate',
    normalise: () => undefined,
  },
  {
    id: 'error-call-name',
    bullet: 'Errors name the Playwright call',
    applies: (_tool, section) => section === 'Error',
    // Ours: `Error: page.goto: …`; the peer runs every call inside its own `browserBackend.callTool`, which it prints.
    // A script's error in the page is shown without its stack (the peer prints the eval frames).
    normalise: text =>
      text
        ?.replace(/^(\w*Error): (browserBackend\.callTool|\w+\.\w+): (?:Error: )?/gm, '$1: ')
        .replace(/\n\s+at .*/g, ''),
  },
  {
    id: 'run-code-not-a-function',
    bullet: '`browser_run_code_unsafe` code that is not a function',
    // The peer names its own variable (`TypeError: __fn__ is not a function`); ours says what the code must be.
    applies: (tool, section, answers) =>
      tool === 'browser_run_code_unsafe' && section === 'Error' && !!answers?.peer.includes('__fn__ is not a function'),
    normalise: () => undefined,
  },
  {
    id: 'secret-in-string',
    bullet: 'Secrets',
    // A secret inside another string: the peer writes its mask into the literal, ours reads the environment there.
    applies: (_tool, section, answers) => section === CODE && !!answers?.peer.includes('<secret>'),
    normalise: () => undefined,
  },
  {
    id: 'config-chromium-defaults',
    bullet: '`browser_get_config`',
    // The peer reports its defaults (the `chrome` channel, a 5 s expect timeout, 500 ms settle); ours what it runs with.
    applies: (tool, section) => tool === 'browser_get_config' && section === 'Result',
    normalise: withoutPeerDefaults,
  },
  {
    id: 'unavailable-tool-note',
    bullet: 'A tool that is not enabled',
    // The error is the peer's word for word; ours adds a note naming the flag that enables the tool.
    applies: (_tool, section, answers) =>
      section === 'Note' && !!answers && /^### Error\nTool ".+" not found$/m.test(answers.peer),
    normalise: () => undefined,
  },
  {
    id: 'modal-without-snapshot',
    bullet: 'While a dialog or file chooser is open',
    // Only where both answers report an open modal: the peer links a snapshot file (empty behind a dialog) and leaves
    // the title out; ours has no snapshot and names the title where it can be read.
    applies: (_tool, section, answers) =>
      (section === 'Snapshot' || section === 'Page') &&
      !!answers &&
      [answers.ours, answers.peer].every(text => text.includes('### Modal state')),
    normalise: (text, side) =>
      side === 'peer' && text?.startsWith('- [Snapshot]') ? undefined : text?.replace(/\n- Page Title: .*/, ''),
  },
];
