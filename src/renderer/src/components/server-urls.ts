import type { InspectorStatus } from '../../../shared/bridge';

/**
 * A server URL as this page should show it. In web mode, at the address this page was reached at: a server bound to
 * 0.0.0.0 knows no name of its own, while the browser used one that works from here.
 */
function asReached(status: InspectorStatus, url: string): string {
  if (status.mode !== 'web') return url;
  const { pathname, search } = new URL(url);
  return `${location.origin}${pathname}${search}`;
}

/** Where agents connect. */
export const mcpUrlOf = (status: InspectorStatus | undefined) =>
  status?.mcpUrl ? asReached(status, status.mcpUrl) : undefined;

/** The read-only sign-in link to share, when the server has a viewer token. */
export const viewerUrlOf = (status: InspectorStatus | undefined) =>
  status?.access.viewerUrl ? asReached(status, status.access.viewerUrl) : undefined;
