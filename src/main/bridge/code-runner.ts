import { Script } from 'node:vm';
import type { Page } from 'playwright';
import type { CodeRunResult } from '../../shared/replay-view';

/** The file name user code is compiled under: stack frames in it are lines of the user's code. */
const FILE = 'inspector-code.js';
/** Code that has not finished by then is reported as still running (it cannot be interrupted from outside). */
const RUN_TIMEOUT_MS = 120_000;
const MAX_VALUE_CHARS = 20_000;

/**
 * Runs Playwright code the user edited in the inspector (statements such as `await page.click(…)`, as the code view
 * shows them) against `page`, in this process, with full Playwright access: callers run it only on the user's explicit
 * action. The code is the body of an async function of `page`; errors report the line of that code they came from.
 */
export async function runUserCode(code: string, page: Page, ranOn: string): Promise<CodeRunResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let fn: (page: Page) => Promise<unknown>;
  try {
    // The wrapper's first line is line 0 of the user's code, so line numbers in errors are the editor's.
    fn = new Script(`(async (page) => {\n${code}\n})`, {
      filename: FILE,
      lineOffset: -1,
    }).runInThisContext() as typeof fn;
  } catch (error) {
    return { ok: false, ...describeError(error, code), durationMs: elapsed(), ranOn };
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(`The code was still running after ${RUN_TIMEOUT_MS / 1000} s; it goes on in the background.`),
          ),
        RUN_TIMEOUT_MS,
      );
    });
    const value = await Promise.race([fn(page), timeout]);
    return { ok: true, ...(value !== undefined && { value: stringify(value) }), durationMs: elapsed(), ranOn };
  } catch (error) {
    return { ok: false, ...describeError(error, code), durationMs: elapsed(), ranOn };
  } finally {
    clearTimeout(timer);
  }
}

/** The error's message and the user line it points at: the first stack frame in the user's code, or a syntax error's line. */
export function describeError(error: unknown, code: string): Pick<CodeRunResult, 'error' | 'line' | 'column'> {
  const raw =
    error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  // Playwright colours its call log for terminals; the UI shows plain text.
  const message = raw.replace(/\u001b\[[\d;]*m/g, '');
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const lines = code.split('\n').length;
  const escaped = FILE.replace(/\./g, '\\.');
  // A frame `at … (inspector-code.js:3:15)`, or the `inspector-code.js:3` a SyntaxError's stack starts with.
  const match = stack.match(new RegExp(`${escaped}:(\\d+)(?::(\\d+))?`));
  const line = match ? Number(match[1]) : undefined;
  if (line === undefined || line < 1 || line > lines) return { error: message };
  return { error: message, line, ...(match![2] && { column: Number(match![2]) }) };
}

function stringify(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_VALUE_CHARS
    ? `${text.slice(0, MAX_VALUE_CHARS)}… (${text.length - MAX_VALUE_CHARS} more characters)`
    : text;
}
