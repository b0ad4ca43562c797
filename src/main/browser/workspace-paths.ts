import { isAbsolute, relative } from 'node:path';
import type { Workspace } from './context';

/** Whether `file` is `dir` or below it. */
export const inside = (dir: string, file: string) => {
  const rel = relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** How a written file is shown to the agent: relative to the workspace root when inside it. */
export function displayPath(workspace: Workspace, file: string): string {
  return !workspace.absolutePaths && inside(workspace.root, file) ? relative(workspace.root, file) : file;
}
