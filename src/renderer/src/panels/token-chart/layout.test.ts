import { expect, test } from '@playwright/test';
import type { StepTokens } from '../../../../shared/tokens';
import { compactTokens } from './format';
import { layoutChart, sectionColor, tokenTotals } from './layout';

const counted = (sections: Record<string, number>): StepTokens => ({
  encoding: 'o200k_base',
  total: { bytes: 0, tokens: Object.values(sections).reduce((a, b) => a + b, 0) },
  sections: Object.entries(sections).map(([name, tokens]) => ({ name, tokens, bytes: tokens * 4 })),
});

test('bars stack by section in a fixed order, one path per section, scaled to the largest step', () => {
  const steps = [
    { seq: 1, tokens: counted({ Events: 10, Snapshot: 90 }) },
    { seq: 2 },
    { seq: 3, tokens: counted({ Snapshot: 200 }) },
    { seq: 4, tokens: counted({ 'Ran Playwright code': 20, Snapshot: 30 }) },
  ];
  const layout = layoutChart(steps, 100, 50);
  expect(layout.slotWidth).toBe(25);
  expect(layout.maxStep).toBe(200);
  expect(layout.total).toBe(350);
  expect(layout.bars).toBe(3);
  // Snapshot at the bottom of every bar, then code, then events; step 2 has no bar.
  expect(layout.sections.map(section => section.name)).toEqual(['Snapshot', 'Ran Playwright code', 'Events']);
  const snapshot = layout.sections[0].d;
  expect(snapshot.match(/M/g)).toHaveLength(3);
  // Step 1's snapshot: 90 of 200 tokens of a 48-px scale, on the 2-px floor; the gap leaves 2 px between bars.
  expect(snapshot).toContain('M1 26.4h23v21.6h-23z');
  expect(snapshot).toContain('M51 0h23v48h-23z');
  expect(layout.floor).toBe('M1 48h23v2h-23zM51 48h23v2h-23zM76 48h23v2h-23z');
  // Step 1's events sit on its snapshot.
  expect(layout.sections[2].d).toBe('M1 24h23v2.4h-23z');
  // The running total, from 100 to 350, on its own scale.
  expect(layout.cumulative).toBe('M12.5 35.71L37.5 35.71L62.5 7.14L87.5 0');
  // Step 4's label would crowd step 3's (25 px apart): it keeps its marker only.
  expect(layout.largest.map(mark => [mark.seq, mark.tokens, mark.y, mark.labelled])).toEqual([
    [3, 200, 0, true],
    [1, 100, 24, true],
    [4, 50, 36, false],
  ]);
});

test('hundreds of steps still make one path per section, bars touching', () => {
  const steps = Array.from({ length: 600 }, (_, index) => ({
    seq: index + 1,
    tokens: counted({ Snapshot: 100 + index, Events: 5 }),
  }));
  const layout = layoutChart(steps, 300, 80);
  expect(layout.sections).toHaveLength(2);
  expect(layout.sections[0].d).toMatch(/^M0 /);
  expect(layout.largest.map(mark => mark.seq)).toEqual([600, 599, 598]);
  expect(layoutChart([], 300, 80)).toMatchObject({ sections: [], floor: '', cumulative: '', bars: 0, total: 0 });
});

test('totals add up by section and by tool; colours are fixed and stable', () => {
  const totals = tokenTotals([
    { tool: 'browser_navigate', tokens: counted({ Snapshot: 100, Events: 3 }) },
    { tool: 'browser_click', tokens: counted({ Snapshot: 40 }) },
    { tool: 'browser_navigate', tokens: counted({ Snapshot: 60 }) },
    { tool: 'browser_click' },
  ]);
  expect(totals.counted).toBe(3);
  expect(totals.bySection).toEqual([
    { name: 'Snapshot', tokens: 200, bytes: 800, estimate: false },
    { name: 'Events', tokens: 3, bytes: 12, estimate: false },
  ]);
  expect(totals.byTool).toEqual([
    { tool: 'browser_navigate', calls: 2, tokens: 163 },
    { tool: 'browser_click', calls: 1, tokens: 40 },
  ]);
  expect(sectionColor('Snapshot')).not.toBe(sectionColor('Events'));
  expect(sectionColor('Some new section')).toBe(sectionColor('Some new section'));
});

test('counts are written short', () => {
  expect([0, 950, 1_234, 12_345, 99_960, 123_456, 999_999, 1_250_000].map(compactTokens)).toEqual([
    '0',
    '950',
    '1.2k',
    '12.3k',
    '100k',
    '123k',
    '1.0M',
    '1.3M',
  ]);
});
