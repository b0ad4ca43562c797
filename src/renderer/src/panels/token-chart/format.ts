import type { StepTokens } from '../../../../shared/tokens';

/** `950`, `12.3k`, `123k`, `1.2M`: a token count short enough for a timeline row or a bar label. */
export function compactTokens(count: number): string {
  if (count < 1_000) return String(count);
  // The thresholds are where rounding would print the next unit's worth (99 950 → "100.0k").
  if (count < 99_950) return `${(count / 1_000).toFixed(1)}k`;
  if (count < 999_500) return `${Math.round(count / 1_000)}k`;
  return `${(count / 1_000_000).toFixed(1)}M`;
}

const exact = (count: number) => count.toLocaleString('en-US');

/** A step's count in full, one line per section: for titles. */
export function describeStepTokens(tokens: StepTokens): string {
  return [
    `${exact(tokens.total.tokens)} tokens, ${exact(tokens.total.bytes)} bytes (${tokens.encoding}; images estimated)`,
    ...tokens.sections.map(
      section =>
        `${section.name}: ${exact(section.tokens)} tokens${section.estimate ? ' (estimate)' : ''}, ${exact(section.bytes)} bytes`,
    ),
  ].join('\n');
}
