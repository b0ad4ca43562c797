import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The static report's viewer (`agent-inspector report`): the renderer built once more as classic scripts, because a
 * page opened from file:// may load neither module scripts nor chunks split off them. Two builds: the app
 * (viewer.js, viewer.css), and with `--mode monaco` the code editor (monaco.js, monaco.css), which the app runs only
 * when a panel first shows code (src/renderer/src/report/load-monaco-script.ts), so the front page opens without it.
 */
const inlineMonacoWorker: Plugin = {
  name: 'inline-monaco-worker',
  enforce: 'pre',
  // A worker from a blob: no file to load beside the script.
  async resolveId(source, importer) {
    if (source.endsWith('editor.worker?worker')) return this.resolve(`${source}&inline`, importer, { skipSelf: true });
  },
};

const monacoFromScript: Plugin = {
  name: 'monaco-from-script',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source.endsWith('/load-monaco') && importer && !importer.includes('/report/'))
      return resolve('src/renderer/src/report/load-monaco-script.ts');
  },
};

export default defineConfig(({ mode }) => {
  const editor = mode === 'monaco';
  return {
    root: resolve('src/renderer'),
    plugins: [editor ? inlineMonacoWorker : monacoFromScript, react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    logLevel: 'warn',
    build: {
      outDir: resolve('out/report-viewer'),
      // The app's build runs first and starts the folder afresh; the editor's adds to it.
      emptyOutDir: !editor,
      lib: editor
        ? {
            entry: resolve('src/renderer/src/components/monaco.ts'),
            formats: ['iife'],
            name: 'AgentInspectorMonaco',
            fileName: () => 'monaco.js',
            cssFileName: 'monaco',
          }
        : {
            entry: resolve('src/renderer/src/report/report-main.ts'),
            formats: ['iife'],
            name: 'AgentInspectorReport',
            fileName: () => 'viewer.js',
            cssFileName: 'viewer',
          },
    },
  };
});
