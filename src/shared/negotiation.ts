import { z } from 'zod';
import type { NegotiationRoundEvent } from './events';

/**
 * The backend page-state negotiation contract (seed 003): the client sends compact semantic JSON first and heavier
 * artifacts only when the backend asks for them. Shared by the planner endpoint, the client loop and the UI.
 */

export const DOM_MODES = ['semantic_v3', 'skeleton', 'hybrid', 'full'] as const;
export type DomMode = (typeof DOM_MODES)[number];

/**
 * Short role codes for `interactiveTree[].r`, keeping the semantic payload small. Roles not listed travel as their
 * full ARIA role name.
 *
 * | role | code | role | code | role | code |
 * | --- | --- | --- | --- | --- | --- |
 * | button | btn | link | lnk | textbox | txt |
 * | searchbox | srch | checkbox | chk | radio | rad |
 * | combobox | cmb | listbox | lst | option | opt |
 * | menuitem | mnu | tab | tab | switch | swt |
 * | slider | sld | spinbutton | spn | heading | hdg |
 * | img | img | dialog | dlg | region | rgn |
 */
export const ROLE_CODES: Readonly<Record<string, string>> = {
  button: 'btn',
  link: 'lnk',
  textbox: 'txt',
  searchbox: 'srch',
  checkbox: 'chk',
  radio: 'rad',
  combobox: 'cmb',
  listbox: 'lst',
  option: 'opt',
  menuitem: 'mnu',
  tab: 'tab',
  switch: 'swt',
  slider: 'sld',
  spinbutton: 'spn',
  heading: 'hdg',
  img: 'img',
  dialog: 'dlg',
  region: 'rgn',
};
const ROLE_BY_CODE = new Map(Object.entries(ROLE_CODES).map(([role, code]) => [code, role]));

export const roleCode = (role: string) => ROLE_CODES[role] ?? role;
export const roleOf = (code: string) => ROLE_BY_CODE.get(code) ?? code;

const point = z.tuple([z.number(), z.number()]);
const rect = z.tuple([z.number(), z.number(), z.number().nonnegative(), z.number().nonnegative()]);

/** One interactive element, minified: `i` is its aria ref, so an action on it runs through `aria-ref=`. */
export const semanticNodeSchema = z.object({
  i: z.string().min(1).describe('id: the aria ref of the element'),
  r: z.string().min(1).describe('role code (ROLE_CODES) or ARIA role'),
  n: z.string().optional().describe('accessible name'),
  xy: point.optional().describe('centre, viewport CSS pixels'),
  box: rect.optional().describe('[x, y, width, height], viewport CSS pixels'),
  occ: z.boolean().optional().describe('true when another element covers it'),
  scr: z.boolean().optional().describe('true for a scrollable element'),
});
export type SemanticNode = z.infer<typeof semanticNodeSchema>;

export const interactRequestSchema = z
  .object({
    url: z.string().min(1),
    query: z.string().trim().min(1, 'query must not be empty'),
    tabId: z.number().optional().describe('debug metadata only, not stable across restarts'),
    domMode: z.enum(DOM_MODES),
    pageTitle: z.string().optional(),
    viewport: z.object({ width: z.number().positive(), height: z.number().positive() }).optional(),
    interactiveTree: z.array(semanticNodeSchema),
    scrollPosition: z.object({ x: z.number(), y: z.number() }).optional(),
    scrollableContainers: z
      .array(
        z.object({
          i: z.string(),
          box: rect.optional(),
          scrollTop: z.number().optional(),
          scrollHeight: z.number().optional(),
        }),
      )
      .optional(),
    /** Interactive nodes outside the viewport window that the client left out (V3 advanced metadata). */
    omittedNodes: z.number().int().nonnegative().optional(),
    recentEvents: z
      .array(
        z.object({
          type: z.string(),
          text: z.string().optional(),
          url: z.string().optional(),
          time: z.number().optional(),
        }),
      )
      .optional(),
    skeletonDom: z.string().optional(),
    screenshot: z.string().optional().describe('JPEG, base64'),
    screenshotHash: z.string().optional().describe('sha256 of the screenshot, hex'),
    /** Full HTML: only with domMode "full"; tolerated missing or empty with "semantic_v3". */
    dom: z.string().optional(),
  })
  .superRefine((request, ctx) => {
    // Each retry mode carries exactly what it promises (seed 003, section 2.2).
    const needs = (field: 'skeletonDom' | 'screenshot' | 'dom') => {
      if (!request[field])
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${field} is required when domMode is "${request.domMode}"`,
        });
    };
    if (request.domMode === 'skeleton') needs('skeletonDom');
    if (request.domMode === 'hybrid') {
      needs('skeletonDom');
      needs('screenshot');
    }
    if (request.domMode === 'full') needs('dom');
  });
export type InteractRequest = z.infer<typeof interactRequestSchema>;

/** The action grammar of a normal response. */
export type PlannedAction =
  | { kind: 'click'; id: string }
  | { kind: 'type'; id: string; text: string }
  | { kind: 'select'; id: string; value: string }
  | { kind: 'scroll'; target: string; direction: 'up' | 'down' }
  | { kind: 'press'; key: string }
  | { kind: 'navigate'; url: string }
  | { kind: 'wait'; ms: number }
  | { kind: 'done'; summary: string }
  | { kind: 'fail'; reason: string };

const STRING = String.raw`"(?:[^"\\]|\\.)*"`;
const ID = String.raw`[A-Za-z0-9_-]+`;
const ACTION_PATTERNS: [RegExp, (m: RegExpMatchArray) => PlannedAction][] = [
  [new RegExp(`^click\\((${ID})\\)$`), m => ({ kind: 'click', id: m[1] })],
  [new RegExp(`^type\\((${ID}),\\s*(${STRING})\\)$`), m => ({ kind: 'type', id: m[1], text: JSON.parse(m[2]) })],
  [new RegExp(`^select\\((${ID}),\\s*(${STRING})\\)$`), m => ({ kind: 'select', id: m[1], value: JSON.parse(m[2]) })],
  [
    new RegExp(`^scroll\\((${ID}),\\s*(up|down)\\)$`),
    m => ({ kind: 'scroll', target: m[1], direction: m[2] as 'up' | 'down' }),
  ],
  [new RegExp(`^press\\((${STRING})\\)$`), m => ({ kind: 'press', key: JSON.parse(m[1]) })],
  [new RegExp(`^navigate\\((${STRING})\\)$`), m => ({ kind: 'navigate', url: JSON.parse(m[1]) })],
  [/^wait\((\d+)\)$/, m => ({ kind: 'wait', ms: Number(m[1]) })],
  [new RegExp(`^done\\((${STRING})\\)$`), m => ({ kind: 'done', summary: JSON.parse(m[1]) })],
  [new RegExp(`^fail\\((${STRING})\\)$`), m => ({ kind: 'fail', reason: JSON.parse(m[1]) })],
];

/**
 * Parses `click(12)`, `type(12, "text")`, `select(12, "value")`, `scroll(12|page, up|down)`, `press("Key")`,
 * `navigate("url")`, `wait(ms)`, `done("summary")`, `fail("reason")`. Strings are JSON strings (double quotes,
 * backslash escapes). Returns undefined for anything else.
 */
export function parseAction(action: string): PlannedAction | undefined {
  const text = action.trim();
  for (const [pattern, build] of ACTION_PATTERNS) {
    const match = text.match(pattern);
    if (match) return build(match);
  }
  return undefined;
}

export function formatAction(action: PlannedAction): string {
  const s = JSON.stringify;
  switch (action.kind) {
    case 'click':
      return `click(${action.id})`;
    case 'type':
      return `type(${action.id}, ${s(action.text)})`;
    case 'select':
      return `select(${action.id}, ${s(action.value)})`;
    case 'scroll':
      return `scroll(${action.target}, ${action.direction})`;
    case 'press':
      return `press(${s(action.key)})`;
    case 'navigate':
      return `navigate(${s(action.url)})`;
    case 'wait':
      return `wait(${action.ms})`;
    case 'done':
      return `done(${s(action.summary)})`;
    case 'fail':
      return `fail(${s(action.reason)})`;
  }
}

export const actionResponseSchema = z.object({
  thought: z.string(),
  action: z.string().refine(action => parseAction(action) !== undefined, {
    message:
      'action must follow the grammar: click(id), type(id, "text"), select(id, "value"), scroll(id|page, up|down), press("Key"), navigate("url"), wait(ms), done("summary"), fail("reason")',
  }),
});

export const negotiationResponseSchema = z.object({
  status: z.enum(['needs_context', 'needs_full_dom']),
  requestedDomMode: z.enum(['skeleton', 'hybrid', 'full']).optional(),
  needsSkeletonDom: z.boolean().optional(),
  needsScreenshot: z.boolean().optional(),
  reason: z.string().optional(),
});

export const interactResponseSchema = z.union([actionResponseSchema, negotiationResponseSchema]);
export type ActionResponse = z.infer<typeof actionResponseSchema>;
export type NegotiationResponse = z.infer<typeof negotiationResponseSchema>;
export type InteractResponse = z.infer<typeof interactResponseSchema>;

export const isNegotiation = (response: InteractResponse): response is NegotiationResponse => 'status' in response;

export interface RequestedArtifacts {
  domMode: Exclude<DomMode, 'semantic_v3'>;
  skeletonDom: boolean;
  screenshot: boolean;
  dom: boolean;
}

/**
 * What the client's retry must add, from any of the fields a backend may use (seed 003, 3.2 and 4.3):
 * skeleton → skeletonDom; hybrid → skeletonDom + screenshot; full or `status: "needs_full_dom"` → dom.
 */
export function requestedArtifacts(response: NegotiationResponse): RequestedArtifacts {
  const mode =
    response.status === 'needs_full_dom'
      ? 'full'
      : (response.requestedDomMode ?? (response.needsScreenshot ? 'hybrid' : 'skeleton'));
  return {
    domMode: mode,
    skeletonDom: mode === 'skeleton' || mode === 'hybrid' || !!response.needsSkeletonDom,
    screenshot: mode === 'hybrid' || !!response.needsScreenshot,
    dom: mode === 'full',
  };
}

/** One round of negotiation, as the client loop records it: the published event without its envelope. */
export type NegotiationRound = Omit<NegotiationRoundEvent, 'type' | 'sessionId'>;
