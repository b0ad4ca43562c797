import { readFile } from 'node:fs/promises';
import type { BrowserContext, Cookie } from 'playwright';
import { z } from 'zod';
import { jsLiteral, jsString } from '../../../shared/js-literal';
import { linkPath, outputPath, readablePath, timestamp } from '../files';
import { defineTool, type ToolDefinition } from '../tool';

// The `storage` capability: cookies, localStorage/sessionStorage and storage state files, worded and answered as
// @playwright/mcp answers them. Cookies and storage state belong to the browser context, hence `page.context()`.

const cookieLine = (c: Cookie) => `${c.name}=${c.value} (domain: ${c.domain}, path: ${c.path})`;

const cookieList = defineTool({
  name: 'browser_cookie_list',
  title: 'List cookies',
  description: 'List all cookies (optionally filtered by domain/path)',
  schema: z.strictObject({
    domain: z.string().optional().describe('Filter cookies by domain'),
    path: z.string().optional().describe('Filter cookies by path'),
  }),
  scope: 'page',
  readOnly: true,
  capability: 'storage',
  async handler({ args, tab, response }) {
    const cookies = (await tab.page.context().cookies())
      .filter(c => !args.domain || c.domain.includes(args.domain))
      .filter(c => !args.path || c.path.startsWith(args.path));
    response.addResult(cookies.length ? cookies.map(cookieLine).join('\n') : 'No cookies found');
    response.addCode('await page.context().cookies();');
  },
});

const cookieGet = defineTool({
  name: 'browser_cookie_get',
  title: 'Get cookie',
  description: 'Get a specific cookie by name',
  schema: z.strictObject({ name: z.string().describe('Cookie name to get') }),
  scope: 'page',
  readOnly: true,
  capability: 'storage',
  async handler({ args, tab, response }) {
    const c = (await tab.page.context().cookies()).find(cookie => cookie.name === args.name);
    response.addResult(
      c
        ? `${c.name}=${c.value} (domain: ${c.domain}, path: ${c.path}, httpOnly: ${c.httpOnly}, secure: ${c.secure}, sameSite: ${c.sameSite})`
        : `Cookie '${args.name}' not found`,
    );
    response.addCode('await page.context().cookies();');
  },
});

const cookieSet = defineTool({
  name: 'browser_cookie_set',
  title: 'Set cookie',
  description: 'Set a cookie with optional flags (domain, path, expires, httpOnly, secure, sameSite)',
  schema: z.strictObject({
    name: z.string().describe('Cookie name'),
    value: z.string().describe('Cookie value'),
    domain: z.string().optional().describe('Cookie domain'),
    path: z.string().optional().describe('Cookie path'),
    expires: z.number().optional().describe('Cookie expiration as Unix timestamp'),
    httpOnly: z.boolean().optional().describe('Whether the cookie is HTTP only'),
    secure: z.boolean().optional().describe('Whether the cookie is secure'),
    sameSite: z.enum(['Strict', 'Lax', 'None']).optional().describe('Cookie SameSite attribute'),
  }),
  scope: 'page',
  readOnly: false,
  capability: 'storage',
  async handler({ args, tab, response }) {
    // Without a domain the cookie is the current page's, as a page setting it would make it.
    const domain = args.domain || new URL(tab.page.url()).hostname;
    if (!domain)
      throw new Error(`Give "domain": the current page (${tab.page.url()}) has no host to set the cookie for.`);
    const cookie = {
      name: args.name,
      value: args.value,
      domain,
      path: args.path || '/',
      expires: args.expires,
      httpOnly: args.httpOnly,
      secure: args.secure,
      sameSite: args.sameSite,
    };
    response.addCode(`await page.context().addCookies([${jsLiteral(cookie)}]);`);
    await tab.page.context().addCookies([cookie]);
  },
});

const cookieDelete = defineTool({
  name: 'browser_cookie_delete',
  title: 'Delete cookie',
  description: 'Delete a specific cookie',
  schema: z.strictObject({ name: z.string().describe('Cookie name to delete') }),
  scope: 'page',
  readOnly: false,
  capability: 'storage',
  async handler({ args, tab, response }) {
    response.addCode(`await page.context().clearCookies({ name: ${jsString(args.name)} });`);
    await tab.page.context().clearCookies({ name: args.name });
  },
});

const cookieClear = defineTool({
  name: 'browser_cookie_clear',
  title: 'Clear cookies',
  description: 'Clear all cookies',
  schema: z.strictObject({}),
  scope: 'page',
  readOnly: false,
  capability: 'storage',
  async handler({ tab, response }) {
    response.addCode('await page.context().clearCookies();');
    await tab.page.context().clearCookies();
  },
});

/** The five tools of one Web Storage area of the current page (page.localStorage / page.sessionStorage). */
function webStorageTools(area: 'localStorage' | 'sessionStorage'): ToolDefinition[] {
  const prefix = `browser_${area.toLowerCase()}`;
  const common = { scope: 'page', capability: 'storage' } as const;
  return [
    defineTool({
      ...common,
      name: `${prefix}_list`,
      title: `List ${area}`,
      description: `List all ${area} key-value pairs`,
      schema: z.strictObject({}),
      readOnly: true,
      async handler({ tab, response }) {
        const items = await tab.page[area].items();
        response.addResult(
          items.length ? items.map(item => `${item.name}=${item.value}`).join('\n') : `No ${area} items found`,
        );
        response.addCode(`await page.${area}.items();`);
      },
    }),
    defineTool({
      ...common,
      name: `${prefix}_get`,
      title: `Get ${area} item`,
      description: `Get a ${area} item by key`,
      schema: z.strictObject({ key: z.string().describe('Key to get') }),
      readOnly: true,
      async handler({ args, tab, response }) {
        const value = await tab.page[area].getItem(args.key);
        response.addResult(value === null ? `${area} key '${args.key}' not found` : `${args.key}=${value}`);
        response.addCode(`await page.${area}.getItem(${jsString(args.key)});`);
      },
    }),
    defineTool({
      ...common,
      name: `${prefix}_set`,
      title: `Set ${area} item`,
      description: `Set a ${area} item`,
      schema: z.strictObject({ key: z.string().describe('Key to set'), value: z.string().describe('Value to set') }),
      readOnly: false,
      async handler({ args, tab, response }) {
        response.addCode(`await page.${area}.setItem(${jsString(args.key)}, ${jsString(args.value)});`);
        await tab.page[area].setItem(args.key, args.value);
      },
    }),
    defineTool({
      ...common,
      name: `${prefix}_delete`,
      title: `Delete ${area} item`,
      description: `Delete a ${area} item`,
      schema: z.strictObject({ key: z.string().describe('Key to delete') }),
      readOnly: false,
      async handler({ args, tab, response }) {
        response.addCode(`await page.${area}.removeItem(${jsString(args.key)});`);
        await tab.page[area].removeItem(args.key);
      },
    }),
    defineTool({
      ...common,
      name: `${prefix}_clear`,
      title: `Clear ${area}`,
      description: `Clear all ${area}`,
      schema: z.strictObject({}),
      readOnly: false,
      async handler({ tab, response }) {
        response.addCode(`await page.${area}.clear();`);
        await tab.page[area].clear();
      },
    }),
  ];
}

const storageState = defineTool({
  name: 'browser_storage_state',
  title: 'Save storage state',
  description: 'Save storage state (cookies, local storage) to a file for later reuse',
  schema: z.strictObject({
    filename: z
      .string()
      .optional()
      .describe(
        'File name to save the storage state to. Relative file names are resolved against the workspace root. If not specified, the storage state is saved into the output directory as `storage-state-{timestamp}.json`.',
      ),
  }),
  scope: 'page',
  readOnly: true,
  capability: 'storage',
  async handler({ args, tab, context, response }) {
    const file = outputPath(context.workspace, args.filename, `storage-state-${timestamp()}.json`);
    const shown = linkPath(context.workspace, file, !!args.filename);
    // Written by Playwright as is: a storage state holds the session's real cookies, which is what it is for.
    await tab.page.context().storageState({ path: file });
    response.addResult(`- [Storage state](${shown})`);
    response.addCode(`await page.context().storageState({ path: ${jsString(shown)} });`);
  },
});

const setStorageState = defineTool({
  name: 'browser_set_storage_state',
  title: 'Restore storage state',
  description:
    'Restore storage state (cookies, local storage) from a file. This clears existing cookies and local storage before restoring.',
  schema: z.strictObject({
    filename: z
      .string()
      .describe(
        'Path to the storage state file to restore from. Relative file names are resolved against the workspace root.',
      ),
  }),
  scope: 'page',
  readOnly: false,
  capability: 'storage',
  async handler({ args, tab, context, response }) {
    // Read only from inside the roots, as the peer: an agent must not load any file on the machine into the browser.
    const file = await readablePath(context.workspace, args.filename);
    let state: Parameters<BrowserContext['setStorageState']>[0];
    try {
      state = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new Error(`Error reading storage state from ${file}:\n${(error as Error).message}`);
    }
    await tab.page.context().setStorageState(state);
    response.addResult(`Storage state restored from ${args.filename}`);
    response.addCode(`await page.context().setStorageState(${jsString(args.filename)});`);
  },
});

export default [
  cookieList,
  cookieGet,
  cookieSet,
  cookieDelete,
  cookieClear,
  storageState,
  setStorageState,
  ...webStorageTools('localStorage'),
  ...webStorageTools('sessionStorage'),
];
