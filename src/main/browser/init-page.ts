import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright';

type InitPage = (arg: { page: Page }) => unknown;

const loaded = new Map<string, Promise<InitPage>>();

/**
 * The default export of an --init-page module, loaded once. TypeScript (as Playwright MCP takes) is compiled with the
 * `typescript` package when it is installed; a JavaScript module needs nothing.
 */
export function loadInitPage(file: string): Promise<InitPage> {
  let pending = loaded.get(file);
  if (!pending) {
    pending = importInitPage(file).catch(error => {
      throw new Error(`Failed to load init page "${file}": ${error instanceof Error ? error.message : error}`);
    });
    loaded.set(file, pending);
  }
  return pending;
}

async function importInitPage(file: string): Promise<InitPage> {
  let url = pathToFileURL(file).href;
  if (/\.[cm]?ts$/.test(file)) {
    let ts: typeof import('typescript');
    try {
      // Loaded at run time only, and only for a TypeScript init page: the build does not bundle the compiler.
      ts = createRequire(import.meta.url)('typescript');
    } catch {
      throw new Error(
        'a TypeScript init page needs the "typescript" package (npm install typescript), or give a .js/.mjs file',
      );
    }
    const { outputText } = ts.transpileModule(await readFile(file, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      fileName: file,
    });
    const compiled = join(
      await mkdtemp(join(tmpdir(), 'agent-inspector-init-page-')),
      `${basename(file).replace(/\.[cm]?ts$/, '')}.mjs`,
    );
    await writeFile(compiled, outputText);
    url = pathToFileURL(compiled).href;
  }
  const module = await import(url);
  const run = module.default?.default ?? module.default;
  if (typeof run !== 'function') throw new Error('its default export is not a function ({ page }) => …');
  return run as InitPage;
}
