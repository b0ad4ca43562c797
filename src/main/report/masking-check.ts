import { namesSecret } from '../../shared/secret-field';
import type { ToolCallRecord } from '../sessions/format';

/** What the recorder writes for a masked value (secrets.ts SECRET_MASK): `<secret>NAME</secret>`. */
const MASKED = /^<secret>[A-Za-z_][\w.-]*<\/secret>$/;

/**
 * The steps that typed a value in clear into a field whose name says it holds a secret: a recording made before
 * secrets were masked (or with masking worked around). A report is made to be passed around, so it refuses these
 * until they are scrubbed; each entry names the step and the field.
 */
export function unmaskedSecrets(steps: readonly ToolCallRecord[]): string[] {
  const found: string[] = [];
  const check = (seq: number, field: string | undefined, value: unknown) => {
    if (field && namesSecret(field) && typeof value === 'string' && value && !MASKED.test(value))
      found.push(`step ${seq} ("${field}")`);
  };
  for (const step of steps) {
    if (step.tool === 'browser_type')
      check(step.seq, step.targets?.[0]?.name ?? String(step.args.element ?? ''), step.args.text);
    if (step.tool === 'browser_fill_form' && Array.isArray(step.args.fields)) {
      for (const field of step.args.fields as { name?: string; value?: unknown }[])
        check(step.seq, field.name, field.value);
    }
  }
  return found;
}
