import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { INLINE_CHUNK_PREFIX, INLINE_INFO_ID, INLINE_MONACO_ID } from '../../shared/report';
import { chunkBytes } from './chunks';

/** Past this, `report --single-file` warns: mail and chat tools refuse or mangle larger attachments. */
export const SINGLE_FILE_WARNING_BYTES = 50 * 2 ** 20;

const escapeScript = (text: string) => text.replace(/<\/(script)/gi, '<\\/$1');

const VIEWER_ID = 'agent-inspector-viewer';
/**
 * Runs the viewer from its base64 block. Inlined as it is, megabytes of bundled code (Monaco's HTML support among it)
 * could hold what the HTML parser reads as the end of the script; base64 holds nothing it can misread.
 */
const BOOTSTRAP = `(() => { const bytes = Uint8Array.from(atob(document.getElementById('${VIEWER_ID}').textContent), c => c.charCodeAt(0)); const script = document.createElement('script'); script.src = URL.createObjectURL(new Blob([bytes], { type: 'text/javascript;charset=utf-8' })); document.body.append(script); })();`;

/**
 * A report folder (written without zips) as one HTML file: the viewer's style inline, its script and
 * each data chunk in non-executed `<script type="application/octet-stream">` blocks, read by id instead of loaded as
 * files. Its policy allows exactly the bootstrap (by hash) and the blob it makes, so nothing else inline can run.
 */
export async function singleFilePage(folder: string): Promise<string> {
  const viewer = (await readFile(join(folder, 'viewer', 'viewer.js'))).toString('base64');
  const css = await Promise.all(
    ['viewer.css', 'monaco.css'].map(name => readFile(join(folder, 'viewer', name), 'utf8')),
  );
  const style = css.join('\n').replace(/<\/style/gi, '<\\/style');
  // The code editor, run from its block the first time a panel shows code (renderer/src/report/load-monaco-script.ts).
  const editor = (await readFile(join(folder, 'viewer', 'monaco.js'))).toString('base64');
  const data = join(folder, 'data');
  const blocks: string[] = [];
  for (const entry of await readdir(data, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const path = relative(data, join(entry.parentPath, entry.name)).split(sep).join('/').replace(/\.js$/, '');
    const script = await readFile(join(entry.parentPath, entry.name));
    if (path === 'index') {
      const text = script.toString('utf8');
      const info = /^\(self\.[\w$]+=self\.[\w$]+\|\|\[\]\)\.push\(\["info",([\s\S]*)\]\);\n$/.exec(text)?.[1];
      if (!info) throw new Error('data/index.js is not in the form report writes.');
      blocks.push(`<script type="application/json" id="${INLINE_INFO_ID}">${escapeScript(info)}</script>`);
      continue;
    }
    // In base64 here: the page is UTF-8, where the scripts' 15-bit characters would take 24 bits each.
    blocks.push(
      `<script type="application/octet-stream" id="${INLINE_CHUNK_PREFIX}${path}">${chunkBytes(script, path).toString('base64')}</script>`,
    );
  }
  const hash = createHash('sha256').update(BOOTSTRAP).digest('base64');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-${hash}' blob:; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; worker-src blob:; connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Agent Inspector report</title>
    <style>${style}</style>
  </head>
  <body>
    <div id="root"></div>
    ${blocks.join('\n    ')}
    <script type="application/octet-stream" id="${INLINE_MONACO_ID}">${editor}</script>
    <script type="application/octet-stream" id="${VIEWER_ID}">${viewer}</script>
    <script>${BOOTSTRAP}</script>
  </body>
</html>
`;
}
