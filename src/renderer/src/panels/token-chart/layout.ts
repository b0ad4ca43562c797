import type { StepSummary } from '../../../../shared/bridge';

/** The sections' stacking order (bottom first) and colours; others follow, in a colour of the fallback palette. */
const SECTION_COLORS: Record<string, string> = {
  Snapshot: '#4e79a7',
  'Ran Playwright code': '#b07aa1',
  Events: '#f28e2b',
  'Browser State': '#59a14f',
  Page: '#76b7b2',
  'Open tabs': '#9c755f',
  Result: '#8c8c8c',
  Error: '#e15759',
  'Modal state': '#edc948',
  Image: '#ff9da7',
  '(preamble)': '#bab0ac',
};
const FALLBACK_COLORS = ['#17becf', '#bcbd22', '#7f7f7f', '#aec7e8', '#98df8a'];
const KNOWN_ORDER = Object.keys(SECTION_COLORS);

/** A section's colour: fixed for the sections our responses have, stable (by name) for any other. */
export function sectionColor(name: string): string {
  const known = SECTION_COLORS[name];
  if (known) return known;
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return FALLBACK_COLORS[hash % FALLBACK_COLORS.length];
}

/** Height of the floor under every counted bar, in px: a step of a few tokens beside one of 500k still shows. */
const FLOOR = 2;
/** Labels of the largest steps closer than this (px) to one already placed are left out; their marker stays. */
const LABEL_SPACING = 34;

export interface ChartLayout {
  /** One path per section, every step's segment of it as a rectangle: a few DOM nodes for any number of steps. */
  sections: { name: string; color: string; d: string }[];
  /** A thin floor under each counted step's bar. */
  floor: string;
  /** The running total, on its own scale (0 to the session's total, bottom to top). */
  cumulative: string;
  /** Each step's slot along the x axis, in steps order: for hit-testing and the selection. */
  slotWidth: number;
  /** The largest steps, largest first, where their bar tops are, and whether there is room for a label. */
  largest: { seq: number; tokens: number; x: number; y: number; labelled: boolean }[];
  /** Steps drawn with a bar: those counted, with any tokens. */
  bars: number;
  /** Tokens at the top of the bar scale. */
  maxStep: number;
  total: number;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Lays out the per-step bar chart in a `width`×`height` box: one bar per step (an empty slot while a step is not
 * counted), stacked by section in a fixed order, scaled to the largest step.
 */
export function layoutChart(
  steps: readonly Pick<StepSummary, 'seq' | 'tokens'>[],
  width: number,
  height: number,
  marked = 3,
): ChartLayout {
  const slotWidth = steps.length ? width / steps.length : width;
  // A gap between bars while there is room for one; at hundreds of steps the bars touch.
  const gap = slotWidth >= 4 ? Math.min(2, slotWidth * 0.2) : 0;
  const maxStep = Math.max(0, ...steps.map(step => step.tokens?.total.tokens ?? 0));
  const total = steps.reduce((sum, step) => sum + (step.tokens?.total.tokens ?? 0), 0);
  const scale = maxStep ? (height - FLOOR) / maxStep : 0;

  const paths = new Map<string, string[]>();
  const floor: string[] = [];
  let running = 0;
  const line: string[] = [];
  steps.forEach((step, index) => {
    const x = index * slotWidth;
    if (step.tokens?.total.tokens)
      floor.push(
        `M${round(x + gap / 2)} ${height - FLOOR}h${round(slotWidth - gap)}v${FLOOR}h${round(gap - slotWidth)}z`,
      );
    let base = height - FLOOR;
    for (const section of ordered(step.tokens?.sections ?? [])) {
      const h = section.tokens * scale;
      if (h <= 0) continue;
      base -= h;
      const parts = paths.get(section.name) ?? paths.set(section.name, []).get(section.name)!;
      parts.push(
        `M${round(x + gap / 2)} ${round(base)}h${round(slotWidth - gap)}v${round(h)}h${round(gap - slotWidth)}z`,
      );
    }
    running += step.tokens?.total.tokens ?? 0;
    const y = total ? height - (running / total) * height : height;
    line.push(`${index ? 'L' : 'M'}${round(x + slotWidth / 2)} ${round(y)}`);
  });

  const largest = steps
    .map((step, index) => ({ seq: step.seq, tokens: step.tokens?.total.tokens ?? 0, index }))
    .filter(step => step.tokens > 0)
    .sort((a, b) => b.tokens - a.tokens || a.index - b.index)
    .slice(0, marked)
    .map(({ seq, tokens, index }) => ({
      seq,
      tokens,
      x: round(index * slotWidth + slotWidth / 2),
      y: round(height - FLOOR - tokens * scale),
      labelled: false,
    }));
  const placed: number[] = [];
  for (const mark of largest) {
    mark.labelled = placed.every(x => Math.abs(x - mark.x) >= LABEL_SPACING);
    if (mark.labelled) placed.push(mark.x);
  }

  const names = [...paths.keys()].sort(byStackOrder);
  return {
    sections: names.map(name => ({ name, color: sectionColor(name), d: paths.get(name)!.join('') })),
    floor: floor.join(''),
    cumulative: line.join(''),
    slotWidth,
    largest,
    bars: steps.filter(step => step.tokens?.total.tokens).length,
    maxStep,
    total,
  };
}

/** Known sections in their fixed order, then the others by name: the same stacking in every bar. */
function byStackOrder(a: string, b: string): number {
  const rank = (name: string) => (KNOWN_ORDER.includes(name) ? KNOWN_ORDER.indexOf(name) : KNOWN_ORDER.length);
  return rank(a) - rank(b) || a.localeCompare(b);
}

/** A step's sections merged by name (a proxied response may repeat one) and in stacking order. */
function ordered(sections: readonly { name: string; tokens: number }[]): { name: string; tokens: number }[] {
  const merged = new Map<string, number>();
  for (const section of sections) merged.set(section.name, (merged.get(section.name) ?? 0) + section.tokens);
  return [...merged].map(([name, tokens]) => ({ name, tokens })).sort((a, b) => byStackOrder(a.name, b.name));
}

export interface TokenTotals {
  bySection: { name: string; tokens: number; bytes: number; estimate: boolean }[];
  byTool: { tool: string; calls: number; tokens: number }[];
  /** Steps with a count, of all steps. */
  counted: number;
}

/** The session's tokens by section and by tool, largest first. */
export function tokenTotals(steps: readonly Pick<StepSummary, 'tool' | 'tokens'>[]): TokenTotals {
  const sections = new Map<string, { name: string; tokens: number; bytes: number; estimate: boolean }>();
  const tools = new Map<string, { tool: string; calls: number; tokens: number }>();
  let counted = 0;
  for (const step of steps) {
    if (!step.tokens) continue;
    counted++;
    for (const section of step.tokens.sections) {
      const entry =
        sections.get(section.name) ??
        sections.set(section.name, { name: section.name, tokens: 0, bytes: 0, estimate: false }).get(section.name)!;
      entry.tokens += section.tokens;
      entry.bytes += section.bytes;
      entry.estimate ||= !!section.estimate;
    }
    const tool = tools.get(step.tool) ?? tools.set(step.tool, { tool: step.tool, calls: 0, tokens: 0 }).get(step.tool)!;
    tool.calls++;
    tool.tokens += step.tokens.total.tokens;
  }
  return {
    bySection: [...sections.values()].sort((a, b) => b.tokens - a.tokens),
    byTool: [...tools.values()].sort((a, b) => b.tokens - a.tokens),
    counted,
  };
}
