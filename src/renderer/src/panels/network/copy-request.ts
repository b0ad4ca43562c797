import { isSensitiveHeader, type NetworkActivity } from '../../../../shared/activity';

/** What stands in for a credential until the user reveals it. */
export const MASK = '<masked>';

export { isSensitiveHeader };

/**
 * The headers worth copying, credentials masked unless revealed. HTTP/2 pseudo-headers and the length (which the
 * client computes again) are left out.
 */
export function copyableHeaders(request: NetworkActivity, reveal: boolean): [string, string][] {
  return Object.entries(request.requestHeaders ?? {})
    .filter(([name]) => !name.startsWith(':') && name.toLowerCase() !== 'content-length')
    .map(([name, value]) => [name, reveal || !isSensitiveHeader(name) ? value : MASK]);
}

/** POSIX shell single quotes: nothing inside is expanded. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function curlCommand(request: NetworkActivity, reveal: boolean): string {
  const parts = [`curl ${shellQuote(request.url)}`];
  const withBody = request.postData !== undefined;
  // curl sends GET, or POST when given a body: anything else has to be said.
  if (request.method !== (withBody ? 'POST' : 'GET')) parts.push(`-X ${request.method}`);
  for (const [name, value] of copyableHeaders(request, reveal)) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (withBody) parts.push(`--data-raw ${shellQuote(request.postData!)}`);
  return parts.join(' \\\n  ');
}

export function fetchSnippet(request: NetworkActivity, reveal: boolean): string {
  const headers = copyableHeaders(request, reveal);
  const init: Record<string, unknown> = { method: request.method };
  if (headers.length) init.headers = Object.fromEntries(headers);
  if (request.postData !== undefined) init.body = request.postData;
  return `await fetch(${JSON.stringify(request.url)}, ${JSON.stringify(init, null, 2)});`;
}
