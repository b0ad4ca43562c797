/** Sizes and durations as the Console and Network tabs write them. */
export function bytes(value: number): string {
  if (value < 1024) return `${value} B`;
  if (value < 1024 * 1024) return `${(value / 1024).toFixed(1)} KB`;
  return `${(value / 1024 / 1024).toFixed(1)} MB`;
}

export const duration = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);

/** The time of day an entry happened, to the millisecond: entries of one step are often within the same second. */
export const clock = (time: number) =>
  new Date(time).toLocaleTimeString('en-GB', { hour12: false }) + `.${String(time % 1000).padStart(3, '0')}`;
