import { hostname } from 'node:os';
import type { RunningHttpServer } from '../http-server';
import { log } from './process';

/** The server's URL with a host name a teammate can open (a wildcard bind has none of its own). */
export function reachableUrl(http: RunningHttpServer): string {
  const url = new URL(http.url);
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = hostname();
  return url.origin;
}

/**
 * Prints, once, how to get in when the server requires a token: the URL that signs a browser in (`ui`), the header
 * MCP clients send, and the read-only link. The token is not written anywhere else.
 */
export function printAccess(http: RunningHttpServer, ui: boolean) {
  const { access } = http;
  if (!access.required) return;
  const base = reachableUrl(http);
  if (ui) log(`Open (signs this browser in; keep the link private): ${access.signInUrl(`${base}/`)}`);
  log(`MCP clients send the header "Authorization: Bearer ${access.token}" (see README, Security).`);
  if (access.viewerToken)
    log(`Read-only link (watch sessions, no tool calls or code): ${access.signInUrl(`${base}/`, 'viewer')}`);
}
