import { mkdir, realpath, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import type { Context, Workspace } from '../browser/context';
import { displayPath, inside } from '../browser/workspace-paths';
import type { Response } from './response';
import { redactSecrets } from '../secrets';

/**
 * Resolves a file an agent asked us to write: relative names against the workspace root, the default name in the
 * output folder. Writing outside the workspace root and the output folder is refused.
 */
export function outputPath(workspace: Workspace, filename: string | undefined, defaultName: string): string {
  const file = filename ? resolve(workspace.root, filename) : join(workspace.outputDir, defaultName);
  if (!workspace.unrestricted && !inside(workspace.root, file) && !inside(workspace.outputDir, file))
    throw new Error(`Refusing to write "${filename}": files must be inside the workspace root ${workspace.root}.`);
  return file;
}

/**
 * Resolves a file an agent asked us to read, relative names against the workspace root. As @playwright/mcp, a file
 * outside the workspace root and the output folder is refused, symbolic links followed (a link in the root to a file
 * elsewhere is outside), with the peer's words; a missing file is left to the read to report.
 */
export async function readablePath(workspace: Workspace, filename: string): Promise<string> {
  const file = resolve(workspace.root, filename);
  if (workspace.unrestricted) return file;
  const [root, output, real] = await Promise.all([
    realPathOf(workspace.root),
    realPathOf(workspace.outputDir),
    realPathOf(file),
  ]);
  if (!inside(root, real) && !inside(output, real))
    throw new Error(
      `File access denied: ${file} is outside allowed roots. Allowed roots: ${workspace.outputDir}, ${workspace.root}`,
    );
  return file;
}

/** The path with symbolic links resolved, as far as it exists: a file not created yet keeps its name. */
async function realPathOf(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    const parent = dirname(path);
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === path) throw error;
    return join(await realPathOf(parent), basename(path));
  }
}

/**
 * Writes a file for the agent, with secrets redacted from text, and returns the path to show it. Into the output
 * folder, older files make room first (--output-max-size).
 */
export async function writeOutput(context: Context, file: string, data: string | Buffer): Promise<string> {
  const bytes = typeof data === 'string' ? Buffer.from(redactSecrets(context.secrets, data)) : data;
  await context.outputBudget.admit(file, bytes.length);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, bytes);
  return displayPath(context.workspace, file);
}

/**
 * How @playwright/mcp links a file it wrote: one directly in the workspace root as `./name`, anything deeper (a
 * sub-folder, the output folder) relative as is, outside the root absolute.
 */
export function linkPath(workspace: Workspace, file: string, named: boolean): string {
  const shown = displayPath(workspace, file);
  return named && !isAbsolute(shown) && dirname(shown) === '.' && !shown.startsWith('.') ? `./${shown}` : shown;
}

export const timestamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/**
 * The tools with a `filename` option: the text is the call's result, or, when the agent named a file, saved there
 * and the result says where.
 */
export async function resultOrFile(
  context: Context,
  response: Response,
  filename: string | undefined,
  text: string,
): Promise<void> {
  if (!filename) return response.addResult(text);
  const shown = await writeOutput(context, outputPath(context.workspace, filename, ''), text);
  response.addResult(`Saved to ${shown}`);
}
