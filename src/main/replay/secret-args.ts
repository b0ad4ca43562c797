import { SECRET_MASK } from '../secrets';

/**
 * The arguments with every mask replaced by its value from `lookup`, or the names `lookup` has no value for. A
 * recording keeps `<secret>NAME</secret>` where a secret was typed (see mcp/sensitive-field.ts): replay must type the
 * value again, which only the environment knows, and must never type the mask itself.
 */
export function unmaskArgs(
  args: Record<string, unknown>,
  lookup: (name: string) => string | undefined,
): { args: Record<string, unknown> } | { missing: string[] } {
  const missing = new Set<string>();
  const unmask = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.replace(SECRET_MASK, (mask, name: string) => {
        const secret = lookup(name);
        if (secret === undefined || secret === '') missing.add(name);
        return secret ?? mask;
      });
    }
    if (Array.isArray(value)) return value.map(unmask);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unmask(v)]));
    return value;
  };
  const out = unmask(args) as Record<string, unknown>;
  return missing.size ? { missing: [...missing] } : { args: out };
}

/** The names of the secrets the arguments mask, each once. */
export function maskedSecrets(args: Record<string, unknown>): string[] {
  return [...new Set(Array.from(JSON.stringify(args).matchAll(SECRET_MASK), match => match[1]))];
}

/** Why a step that types unset secrets is not replayed. */
export function missingSecretsError(names: string[]): string {
  return `The recording masked the secret${names.length > 1 ? 's' : ''} typed here: set ${names.join(', ')} in the environment (or the --secrets file) to replay it.`;
}
