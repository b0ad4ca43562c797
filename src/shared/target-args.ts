/**
 * The element arguments of a recorded call — `target`, `startTarget`/`endTarget` (drag), `fields[].target` (fill
 * form), or their older `ref` spellings, which the server still accepts and recordings keep as sent — read out and
 * put back with the refs of another run.
 */
const TARGET_KEYS = ['target', 'ref', 'startTarget', 'startRef', 'endTarget', 'endRef'];

/** Every element argument's value, in argument order (fields in field order). */
export function targetValues(args: Record<string, unknown>): string[] {
  const values = TARGET_KEYS.map(key => args[key]).filter((value): value is string => typeof value === 'string');
  if (Array.isArray(args.fields)) {
    for (const field of args.fields) if (isRecord(field)) values.push(...targetValues(field));
  }
  return values;
}

/** The arguments with each element value replaced through `replace`; everything else as recorded. */
export function withTargets(
  args: Record<string, unknown>,
  replace: (value: string) => string,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...args };
  for (const key of TARGET_KEYS) if (typeof out[key] === 'string') out[key] = replace(out[key] as string);
  if (Array.isArray(out.fields))
    out.fields = out.fields.map(field => (isRecord(field) ? withTargets(field, replace) : field));
  return out;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);
