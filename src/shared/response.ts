/**
 * The Markdown response contract shared by the MCP server (which renders it), the MCP browser client and the UI
 * (which parse it). Sections always appear in this order; a section with no content is omitted.
 */
export const SECTION_TITLES = {
  takeover: 'A person took over',
  error: 'Error',
  result: 'Result',
  code: 'Ran Playwright code',
  tabs: 'Open tabs',
  page: 'Page',
  modalState: 'Modal state',
  snapshot: 'Snapshot',
  pageChanges: 'Page changes',
  browserState: 'Browser State',
  events: 'Events',
} as const;

export type SectionKey = keyof typeof SECTION_TITLES;
const SECTION_ORDER = Object.keys(SECTION_TITLES) as SectionKey[];
const KEY_BY_TITLE = new Map(SECTION_ORDER.map(key => [SECTION_TITLES[key], key]));

export interface TabInfo {
  index: number;
  current: boolean;
  title: string;
  url: string;
  /** The page's renderer crashed (its title cannot be read). */
  crashed?: boolean;
}

/** One tab as @playwright/mcp lists it, without the bullet: `1: (current) [Title](url)`, `[crashed]` after one that crashed. */
export const tabLine = (tab: TabInfo) =>
  `${tab.index}: ${tab.current ? '(current) ' : ''}[${tab.title}](${tab.url})${tab.crashed ? ' [crashed]' : ''}`;

export interface PageInfo {
  url: string;
  title?: string;
  /** The document's HTTP status when outside 2xx, e.g. "404 Not Found". */
  status?: string;
  /** Absent when the page logged no error and no warning. */
  console?: { errors: number; warnings: number };
}

export interface SnapshotSection {
  /** Inline aria snapshot (yaml), when the server returned it in the response. */
  yaml?: string;
  /** Path of the file holding the snapshot, when the server wrote it to disk instead. */
  file?: string;
}

export interface BrowserStateSection {
  dom: string;
  accessibilityTree: string;
  diff?: string;
}

export interface ParsedResponse {
  /** What a person did by hand in the browser while the call was held in the inspector (src/main/debugger). */
  takeover?: string;
  error?: string;
  result?: string;
  /** The JavaScript inside the "Ran Playwright code" fence. */
  code?: string;
  tabs?: TabInfo[];
  page?: PageInfo;
  /** One line per open modal state, e.g. `["alert" dialog with message "hi"]: can be handled by browser_handle_dialog`. */
  modalState?: string[];
  snapshot?: SnapshotSection;
  /** What changed in the page since the snapshot the agent last received, or an outline (snapshot mode `diff`). */
  pageChanges?: string;
  browserState?: BrowserStateSection;
  /** One line per event (console entries, downloads). */
  events?: string[];
  /** Sections this version does not know, by title — kept so nothing a newer server sends is lost. */
  other?: Record<string, string>;
}

const fence = (lang: string, body: string) => '```' + lang + '\n' + body + '\n```';
const unfence = (body: string) => body.match(/^```\w*\n([\s\S]*?)\n?```$/)?.[1];
const bullets = (lines: string[]) => lines.map(line => `- ${line}`).join('\n');
const unbullet = (body: string) =>
  body
    .split('\n')
    .filter(line => line.startsWith('- '))
    .map(line => line.slice(2));

function renderSection(key: SectionKey, response: ParsedResponse, codeFence: string): string | undefined {
  switch (key) {
    case 'takeover':
    case 'error':
    case 'result':
    case 'pageChanges':
      return response[key];
    case 'code':
      return response.code === undefined ? undefined : fence(codeFence, response.code);
    case 'tabs':
      return response.tabs?.length ? bullets(response.tabs.map(tabLine)) : undefined;
    case 'page': {
      const page = response.page;
      if (!page) return undefined;
      const lines = [`Page URL: ${page.url}`];
      if (page.title !== undefined) lines.push(`Page Title: ${page.title}`);
      if (page.status !== undefined) lines.push(`HTTP status: ${page.status}`);
      if (page.console) lines.push(`Console: ${page.console.errors} errors, ${page.console.warnings} warnings`);
      return bullets(lines);
    }
    case 'modalState':
    case 'events':
      return response[key]?.length ? bullets(response[key]) : undefined;
    case 'snapshot': {
      const snapshot = response.snapshot;
      if (!snapshot) return undefined;
      return snapshot.file !== undefined ? `- [Snapshot](${snapshot.file})` : fence('yaml', snapshot.yaml ?? '');
    }
    case 'browserState': {
      const state = response.browserState;
      if (!state) return undefined;
      const lines = [`DOM: ${state.dom}`, `Accessibility tree: ${state.accessibilityTree}`];
      if (state.diff) lines.push(`Diff: ${state.diff}`);
      return bullets(lines);
    }
  }
}

/** `codeFence`: the language the code section is fenced as (`js` for TypeScript, as @playwright/mcp writes it). */
export function renderResponse(response: ParsedResponse, codeFence = 'js'): string {
  const parts: string[] = [];
  for (const key of SECTION_ORDER) {
    const body = renderSection(key, response, codeFence);
    if (body !== undefined) parts.push(`### ${SECTION_TITLES[key]}\n${body}`);
  }
  for (const [title, body] of Object.entries(response.other ?? {})) parts.push(`### ${title}\n${body}`);
  return parts.join('\n');
}

function parseSection(key: SectionKey, body: string, into: ParsedResponse): void {
  switch (key) {
    case 'takeover':
    case 'error':
    case 'result':
    case 'pageChanges':
      into[key] = body;
      return;
    case 'code':
      into.code = unfence(body) ?? body;
      return;
    case 'tabs':
      into.tabs = unbullet(body).flatMap(line => {
        const m = line.match(/^(\d+): (\(current\) )?\[(.*)\]\((.*)\)( \[crashed\])?$/);
        return m
          ? [{ index: Number(m[1]), current: !!m[2], title: m[3], url: m[4], ...(m[5] ? { crashed: true } : {}) }]
          : [];
      });
      return;
    case 'page': {
      const page: PageInfo = { url: '' };
      for (const line of unbullet(body)) {
        if (line.startsWith('Page URL: ')) page.url = line.slice('Page URL: '.length);
        else if (line.startsWith('Page Title: ')) page.title = line.slice('Page Title: '.length);
        else if (line.startsWith('HTTP status: ')) page.status = line.slice('HTTP status: '.length);
        const counts = line.match(/^Console: (\d+) errors, (\d+) warnings$/);
        if (counts) page.console = { errors: Number(counts[1]), warnings: Number(counts[2]) };
      }
      into.page = page;
      return;
    }
    case 'modalState':
    case 'events':
      into[key] = unbullet(body);
      return;
    case 'snapshot': {
      const link = body.match(/^- \[Snapshot\]\((.*)\)$/);
      into.snapshot = link ? { file: link[1] } : { yaml: unfence(body) ?? body };
      return;
    }
    case 'browserState': {
      const state: BrowserStateSection = { dom: '', accessibilityTree: '' };
      for (const line of unbullet(body)) {
        const [label, ...rest] = line.split(': ');
        const value = rest.join(': ');
        if (label === 'DOM') state.dom = value;
        else if (label === 'Accessibility tree') state.accessibilityTree = value;
        else if (label === 'Diff') state.diff = value;
      }
      into.browserState = state;
      return;
    }
  }
}

/** One `### Title` section of a response's text, as written (`title` undefined: text before the first heading). */
export interface TextSection {
  title?: string;
  /** The section as it appears in the text, heading line included. */
  text: string;
  /** The body: what follows the heading line, trailing blank lines dropped. */
  body: string;
}

/**
 * Splits response text at its `### ` headings; a heading only counts at the start of a line and outside code fences
 * (snapshots may contain "###"). Joining the sections' `text` with newlines gives back the whole text (but for an
 * empty first line).
 */
export function splitSections(text: string): TextSection[] {
  const sections: TextSection[] = [];
  let title: string | undefined;
  let lines: string[] = [];
  let inFence = false;
  const flush = () => {
    // An empty preamble (a text that starts with a heading, or an empty text) is no section.
    if (title === undefined && !lines.join('\n')) return;
    const all = title === undefined ? lines : [`### ${title}`, ...lines];
    sections.push({ title, text: all.join('\n'), body: lines.join('\n').replace(/\n+$/, '') });
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = !inFence && line.match(/^### (.+)$/);
    if (heading) {
      flush();
      title = heading[1];
      lines = [];
    } else {
      lines.push(line);
    }
  }
  flush();
  return sections;
}

/** Splits a tool response into its sections. Tolerates unknown sections and text before the first heading. */
export function parseResponse(text: string): ParsedResponse {
  const parsed: ParsedResponse = {};
  for (const { title, body } of splitSections(text)) {
    if (title === undefined) continue;
    const key = KEY_BY_TITLE.get(title as (typeof SECTION_TITLES)[SectionKey]);
    if (key) parseSection(key, body, parsed);
    else (parsed.other ??= {})[title] = body;
  }
  return parsed;
}
