import { readFile } from 'node:fs/promises';
import { createContext, runInContext } from 'node:vm';
import type { Page } from 'playwright';
import { z } from 'zod';
import { jsString } from '../../../shared/js-literal';
import { readablePath, resultOrFile } from '../files';
import { defineTool, elementField, filenameField } from '../tool';

const stringify = (value: unknown) => JSON.stringify(value, null, 2) ?? 'undefined';

/**
 * Playwright sends a function's source (String(fn)) and calls it in the page. A function whose toString() is the
 * agent's source makes Playwright call that source with the element, through the public API only.
 */
const pageFunction = <R>(source: string) =>
  Object.assign(() => {}, { toString: () => source }) as unknown as (element?: unknown) => R;

type Evaluated = { result: unknown; isFunction: boolean };

/**
 * The agent's source as a function or an expression, as @playwright/mcp accepts it: a function is called (with the
 * element when there is one), an expression's value is returned; a promise is awaited either way. The source is
 * inlined rather than passed to eval(), so a page whose CSP forbids eval still answers.
 */
function functionOrExpression(source: string): (element?: unknown) => Promise<Evaluated> {
  // Parsed (not run) here first: Playwright would only say the function "is not well-serializable".
  new Function(`return (${source}\n);`);
  return pageFunction<Promise<Evaluated>>(`async (element) => {
  const value = (${source}
);
  return typeof value === 'function' ? { result: await value(element), isFunction: true } : { result: await value, isFunction: false };
}`);
}

const evaluate = defineTool({
  name: 'browser_evaluate',
  title: 'Evaluate JavaScript',
  description: 'Evaluate JavaScript expression on page or element',
  schema: z.strictObject({
    element: elementField,
    target: z
      .string()
      .optional()
      .describe('Exact target element reference from the page snapshot, or a unique element selector'),
    function: z.string().describe('() => { /* code */ } or (element) => { /* code */ } when element is provided'),
    filename: filenameField('the result'),
  }),
  scope: 'page',
  readOnly: false,
  async handler({ args, tab, context, response }) {
    const target = args.target ? await tab.locator(args.target) : undefined;
    const evaluated = await tab.runAction(() =>
      target
        ? target.locator.evaluate(functionOrExpression(args.function))
        : tab.page.evaluate(functionOrExpression(args.function)),
    );
    // An expression is recorded as the function that returns it, so the exported code runs as it did here.
    const code = jsString(evaluated?.isFunction === false ? `() => (${args.function})` : args.function);
    response.addCode(target ? `await ${target.code}.evaluate(${code});` : `await page.evaluate(${code});`);
    await resultOrFile(context, response, args.filename, stringify(evaluated?.result));
  },
});

/**
 * What the agent's code sees besides `page`, as in @playwright/mcp: timers, URLs, encoders, fetch, Buffer, crypto and
 * the like, not `require` nor `process`, so code written for the peer runs here alike and code that runs here runs
 * there. It is no sandbox: the code can still reach the process through `page`.
 */
const CODE_GLOBALS = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'clearImmediate',
  'queueMicrotask',
  'URL',
  'URLSearchParams',
  'TextEncoder',
  'TextDecoder',
  'AbortController',
  'AbortSignal',
  'fetch',
  'Headers',
  'Request',
  'Response',
  'FormData',
  'Blob',
  'Buffer',
  'crypto',
  'atob',
  'btoa',
  'structuredClone',
] as const;

/**
 * Evaluates the source as one expression in a context of its own with `page` among its globals. What evaluating
 * throws (a syntax error, a fenced code block's tag that is no function) is the answer as is, as the peer's.
 */
function pageFunctionOf(source: string, page: Page): (page: Page) => Promise<unknown> {
  const globals: Record<string, unknown> = { page };
  for (const name of CODE_GLOBALS) globals[name] = globalThis[name];
  const fn: unknown = runInContext(`(${source})`, createContext(globals));
  if (typeof fn !== 'function') throw new Error('The code must be a function such as `async (page) => { … }`.');
  return fn as (page: Page) => Promise<unknown>;
}

/** Marks an error the agent's own code left unhandled: answered to the agent, no bug of ours (commands/process.ts). */
const AGENT_CODE_ERROR = Symbol.for('agent-inspector.agent-code-error');

/**
 * Runs the code, failing with the first promise it leaves rejected and unhandled meanwhile (a Playwright call it did
 * not await), as @playwright/mcp does: the agent learns its code failed rather than reading a result.
 */
async function failingOnUnhandledRejection<T>(run: () => Promise<T>): Promise<T> {
  let reject!: (reason: unknown) => void;
  const rejected = new Promise<never>((_, fail) => (reject = fail));
  // First among the listeners, to mark the error as the agent's before the server's own listener reports it as a bug.
  const onRejection = (reason: unknown) => {
    if (reason && typeof reason === 'object') Object.defineProperty(reason, AGENT_CODE_ERROR, { value: true });
    reject(reason);
  };
  process.prependListener('unhandledRejection', onRejection);
  try {
    return await Promise.race([run(), rejected]);
  } finally {
    process.off('unhandledRejection', onRejection);
  }
}

const runCodeUnsafe = defineTool({
  name: 'browser_run_code_unsafe',
  title: 'Run Playwright code (unsafe)',
  description:
    'Run a JavaScript function with Playwright code in the server process. Only available when the server runs with --allow-unsafe-code: the code has full access to the machine.',
  schema: z.strictObject({
    code: z
      .string()
      .optional()
      .describe(
        "A JavaScript function containing Playwright code to execute. It will be invoked with a single argument, page, which you can use for any page interaction. For example: `async (page) => { await page.getByRole('button', { name: 'Submit' }).click(); return await page.title(); }`",
      ),
    filename: z
      .string()
      .optional()
      .describe(
        'Load code from the specified file. Relative file names are resolved against the workspace root. If both code and filename are provided, code will be ignored.',
      ),
  }),
  scope: 'page',
  readOnly: false,
  unsafe: true,
  async handler({ args, tab, context, response }) {
    const source = args.filename
      ? await readFile(await readablePath(context.workspace, args.filename), 'utf8')
      : args.code;
    if (!source) throw new Error('Give "code" or "filename".');
    response.addCode(`await (${source})(page);`);
    const result = await tab.runAction(() =>
      failingOnUnhandledRejection(() => pageFunctionOf(source, tab.page)(tab.page)),
    );
    // Compact JSON, and nothing for a value JSON cannot hold (undefined, a function), as @playwright/mcp answers.
    const json = JSON.stringify(result);
    if (json !== undefined) response.addResult(json);
    // As @playwright/mcp: no snapshot; the page shows when the code changed what it says (URL, title, …).
  },
});

export default [evaluate, runCodeUnsafe];
