import type { PeerConfigFile } from './config-file';

type IniType = 'string' | 'number' | 'boolean' | 'string[]' | 'size';

/**
 * The type of each dotted key an INI config may set, as Playwright MCP types them. An INI file carries only strings;
 * these keys are turned into the type the JSON form has. Keys not listed become true/false or a number when they read
 * as one, and stay strings otherwise.
 */
const INI_TYPES: Record<string, IniType> = {
  'browser.browserName': 'string',
  'browser.isolated': 'boolean',
  'browser.userDataDir': 'string',
  'browser.cdpEndpoint': 'string',
  'browser.cdpTimeout': 'number',
  'browser.remoteEndpoint': 'string',
  'browser.initPage': 'string[]',
  'browser.initScript': 'string[]',
  'browser.launchOptions.channel': 'string',
  'browser.launchOptions.headless': 'boolean',
  'browser.launchOptions.executablePath': 'string',
  'browser.launchOptions.chromiumSandbox': 'boolean',
  'browser.launchOptions.args': 'string[]',
  'browser.launchOptions.downloadsPath': 'string',
  'browser.launchOptions.handleSIGHUP': 'boolean',
  'browser.launchOptions.handleSIGINT': 'boolean',
  'browser.launchOptions.handleSIGTERM': 'boolean',
  'browser.launchOptions.slowMo': 'number',
  'browser.launchOptions.timeout': 'number',
  'browser.launchOptions.tracesDir': 'string',
  'browser.launchOptions.proxy.server': 'string',
  'browser.launchOptions.proxy.bypass': 'string',
  'browser.launchOptions.proxy.username': 'string',
  'browser.launchOptions.proxy.password': 'string',
  'browser.contextOptions.acceptDownloads': 'boolean',
  'browser.contextOptions.baseURL': 'string',
  'browser.contextOptions.bypassCSP': 'boolean',
  'browser.contextOptions.colorScheme': 'string',
  'browser.contextOptions.contrast': 'string',
  'browser.contextOptions.deviceScaleFactor': 'number',
  'browser.contextOptions.forcedColors': 'string',
  'browser.contextOptions.hasTouch': 'boolean',
  'browser.contextOptions.ignoreHTTPSErrors': 'boolean',
  'browser.contextOptions.isMobile': 'boolean',
  'browser.contextOptions.javaScriptEnabled': 'boolean',
  'browser.contextOptions.locale': 'string',
  'browser.contextOptions.offline': 'boolean',
  'browser.contextOptions.permissions': 'string[]',
  'browser.contextOptions.reducedMotion': 'string',
  'browser.contextOptions.screen': 'size',
  'browser.contextOptions.serviceWorkers': 'string',
  'browser.contextOptions.storageState': 'string',
  'browser.contextOptions.strictSelectors': 'boolean',
  'browser.contextOptions.timezoneId': 'string',
  'browser.contextOptions.userAgent': 'string',
  'browser.contextOptions.viewport': 'size',
  extension: 'boolean',
  capabilities: 'string[]',
  saveSession: 'boolean',
  saveVideo: 'size',
  sharedBrowserContext: 'boolean',
  outputDir: 'string',
  outputMaxSize: 'number',
  responseMaxSize: 'number',
  imageResponses: 'string',
  filePaths: 'string',
  allowUnrestrictedFileAccess: 'boolean',
  codegen: 'string',
  testIdAttribute: 'string',
  'server.port': 'number',
  'server.host': 'string',
  'server.allowedHosts': 'string[]',
  'console.level': 'string',
  'network.allowedOrigins': 'string[]',
  'network.blockedOrigins': 'string[]',
  'timeouts.action': 'number',
  'timeouts.idle': 'number',
  'timeouts.navigation': 'number',
  'timeouts.settle': 'number',
  'snapshot.mode': 'string',
  'snapshot.boxes': 'boolean',
};

/**
 * The INI form of the config, read as Playwright MCP reads it: one dotted key per line (`timeouts.action = 10000`),
 * `key[] = value` for each item of a list, `;` and `#` starting a comment (also after a value; `\;` is a semicolon),
 * a key without `=` set to true. A `[section]` header prefixes the keys below it with `section.` (`[timeouts]` then
 * `action = 10000`), and those keys are typed as the dotted ones are.
 */
export function parseIniConfig(text: string, file = 'config'): PeerConfigFile {
  const config: Record<string, unknown> = {};
  const lists = new Map<string, string[]>();
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith(';') || line.startsWith('#')) continue;
    const header = line.match(/^\[([^\]]*)\]$/);
    if (header) {
      section = header[1].trim() ? `${iniValue(header[1])}.` : '';
      continue;
    }
    const eq = line.indexOf('=');
    let key = section + iniValue(eq < 0 ? line : line.slice(0, eq));
    if (!key) throw new Error(`${file}: expected "key = value", got "${line}".`);
    const value: string | true = eq < 0 ? true : iniValue(line.slice(eq + 1));
    if (key.endsWith('[]')) {
      key = key.slice(0, -2);
      const items = lists.get(key) ?? [];
      items.push(String(value));
      lists.set(key, items);
      setPath(config, key, coerce(key, items));
    } else {
      setPath(config, key, coerce(key, value));
    }
  }
  return config as PeerConfigFile;
}

/** A key or value as written: quotes taken off, or else cut at a comment with `\;` and `\#` kept as the character. */
function iniValue(written: string): string {
  const text = written.trim();
  if (/^'.*'$/.test(text)) return text.slice(1, -1);
  if (/^".*"$/.test(text)) {
    try {
      return String(JSON.parse(text));
    } catch {
      return text;
    }
  }
  let value = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\' && (text[i + 1] === ';' || text[i + 1] === '#')) value += text[++i];
    else if (char === ';' || char === '#') break;
    else value += char;
  }
  return value.trim();
}

function coerce(key: string, value: string | string[] | true): unknown {
  const type = INI_TYPES[key];
  if (Array.isArray(value)) return type === 'string[]' ? value : value.map(item => coerce(key, item));
  // A key alone on its line is set, as a flag would be.
  if (value === true) return type && type !== 'boolean' ? coerce(key, 'true') : true;
  switch (type) {
    case 'string':
      return value;
    case 'number':
      return Number(value);
    case 'boolean':
      return value === 'true' || value === '1';
    // One item per line: a value such as `--disable-features=A,B` is one argument, not two.
    case 'string[]':
      return [value];
    case 'size': {
      const m = value.match(/^(\d+)\s*[x,]\s*(\d+)$/);
      if (!m) throw new Error(`${key}: expected WIDTHxHEIGHT such as 1280x720, got "${value}".`);
      return { width: Number(m[1]), height: Number(m[2]) };
    }
    default:
      if (value === 'true' || value === 'false') return value === 'true';
      return value !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
  }
}

function setPath(target: Record<string, unknown>, dotted: string, value: unknown) {
  const parts = dotted.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}
