import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpConfig } from '../config';
import { FailedAttempts } from './failed-attempts';

/** What a request may do: everything, or watch (read sessions) without acting. */
export type Role = 'full' | 'viewer';

/** The cookie a browser gets for a token in the URL: an opaque per-process secret, never the token itself. */
export const ACCESS_COOKIE = 'agent_inspector_access';
/** Readable by the UI (not a credential): which controls to show. */
export const ROLE_COOKIE = 'agent_inspector_role';
const TOKEN_PARAM = 'token';

const isLoopbackHost = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** The server answers beyond this machine: bound to a non-loopback interface, or told to accept other host names. */
export const isExposed = (config: Pick<HttpConfig, 'host' | 'allowedHosts'>) =>
  !isLoopbackHost(config.host) || config.allowedHosts.length > 0;

/** A fresh 256-bit token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Compares in constant time (digests, so unequal lengths take the same path). */
function sameSecret(given: string, expected: string) {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function cookiesOf(req: IncomingMessage): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return cookies;
}

/** The outcome of the access check: a role to serve the request with, or the response was already sent. */
export type AccessDecision = { role: Role } | { handled: true };

/**
 * Token authentication for a server reachable beyond loopback (or on loopback with --require-token): MCP clients and
 * the planner send `Authorization: Bearer <token>`; a browser opens the printed URL once, whose token is exchanged for
 * an HttpOnly, SameSite=Strict cookie and taken out of the address bar. A second, viewer token may only watch.
 */
export class AccessPolicy {
  private readonly cookieSecrets: Record<Role, string> = { full: newToken(), viewer: newToken() };
  private readonly attempts = new FailedAttempts();

  /** `token` undefined: no authentication (a loopback server, as before). */
  constructor(
    readonly token: string | undefined,
    readonly viewerToken?: string,
    private readonly log: (line: string) => void = () => {},
  ) {
    if (viewerToken !== undefined && token !== undefined && sameSecret(viewerToken, token))
      throw new Error('--viewer-token must differ from --token.');
  }

  /** From the HTTP settings: a token (given, or generated) whenever the server is exposed or --require-token says so. */
  static from(config: HttpConfig, log?: (line: string) => void): AccessPolicy {
    const required = config.requireToken || isExposed(config) || config.viewerToken !== undefined;
    if (!required) return new AccessPolicy(undefined);
    const viewer = config.viewerToken === true ? newToken() : config.viewerToken;
    return new AccessPolicy(config.token ?? newToken(), viewer, log);
  }

  get required() {
    return this.token !== undefined;
  }

  /** The ready-to-open URL for `base` (the UI's address) that signs a browser in with `role`. */
  signInUrl(base: string, role: Role = 'full'): string {
    const token = role === 'full' ? this.token : this.viewerToken;
    return token === undefined ? base : `${base}?${TOKEN_PARAM}=${token}`;
  }

  /**
   * Decides a request: its role, or a response already sent (401 without a valid credential, 429 when its address failed
   * too often, 303 to the same URL without its `?token=` after setting the cookie).
   */
  check(req: IncomingMessage, res: ServerResponse, url: URL): AccessDecision {
    if (!this.required) return { role: 'full' };
    const fromUrl = url.searchParams.get(TOKEN_PARAM);
    if (fromUrl !== null && req.method === 'GET') {
      const role = this.roleOfToken(fromUrl);
      if (!role) return this.refuse(req, res, 'a wrong token in the URL');
      url.searchParams.delete(TOKEN_PARAM);
      const secure = req.headers['x-forwarded-proto'] === 'https' ? '; Secure' : '';
      res
        .writeHead(303, {
          location: url.pathname + url.search,
          'set-cookie': [
            `${ACCESS_COOKIE}=${this.cookieSecrets[role]}; Path=/; HttpOnly; SameSite=Strict${secure}`,
            `${ROLE_COOKIE}=${role}; Path=/; SameSite=Strict${secure}`,
          ],
          'cache-control': 'no-store',
        })
        .end();
      return { handled: true };
    }
    const role = this.roleOf(req);
    if (role) return { role };
    const presented = req.headers.authorization !== undefined || cookiesOf(req).has(ACCESS_COOKIE);
    return this.refuse(req, res, presented ? 'a wrong token' : 'no token');
  }

  /**
   * The role of a WebSocket upgrade (its cookie or bearer token). Undefined when it has none, or its address is refused
   * for now: the endpoint then closes the socket with a reason a browser can read.
   */
  roleOfUpgrade(req: IncomingMessage): Role | undefined {
    if (!this.required) return 'full';
    const role = this.roleOf(req);
    if (!role && this.attempts.blockedFor(req.socket.remoteAddress ?? 'unknown') === 0)
      this.recordFailure(req, 'no valid token on the WebSocket');
    return role;
  }

  private roleOf(req: IncomingMessage): Role | undefined {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    if (bearer !== undefined) return this.roleOfToken(bearer);
    const cookie = cookiesOf(req).get(ACCESS_COOKIE);
    if (cookie === undefined) return undefined;
    if (sameSecret(cookie, this.cookieSecrets.full)) return 'full';
    if (sameSecret(cookie, this.cookieSecrets.viewer)) return 'viewer';
    return undefined;
  }

  /** Counts a refused upgrade or request against its address (see FailedAttempts), and logs it. */
  private recordFailure(req: IncomingMessage, why: string) {
    const address = req.socket.remoteAddress ?? 'unknown';
    const blocked = this.attempts.fail(address);
    this.log(
      `[access] refused ${req.method} ${(req.url ?? '/').split('?')[0]} from ${address}: ${why}${blocked ? ` (further attempts from ${address} refused for a minute)` : ''}`,
    );
  }

  private roleOfToken(token: string): Role | undefined {
    if (sameSecret(token, this.token!)) return 'full';
    if (this.viewerToken !== undefined && sameSecret(token, this.viewerToken)) return 'viewer';
    return undefined;
  }

  /** 401, or 429 while the address is refused for failing too often (a valid token still gets in: see FailedAttempts). */
  private refuse(req: IncomingMessage, res: ServerResponse, why: string): AccessDecision {
    const wait = this.attempts.blockedFor(req.socket.remoteAddress ?? 'unknown');
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      res
        .writeHead(429, { 'content-type': 'text/plain', 'retry-after': String(seconds) })
        .end(`Too many failed sign-in attempts from this address: try again in ${seconds} s.\n`);
      return { handled: true };
    }
    this.recordFailure(req, why);
    res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end(`${UNAUTHORIZED}\n`);
    return { handled: true };
  }
}

/** One line that says how to get in. */
export const UNAUTHORIZED =
  'Unauthorized: this Agent Inspector needs its token. Open the URL it printed at start (…/?token=…), or send "Authorization: Bearer <token>".';
