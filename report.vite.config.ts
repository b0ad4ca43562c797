import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The static report's viewer (`agent-inspector report`): the renderer built once more as one classic script and one
 * stylesheet, because a page opened from file:// may load neither module scripts nor chunks split off them. Monaco's
 * worker is inlined (a blob worker) for the same reason.
 */
const inlineMonacoWorker: Plugin = {
  name: 'inline-monaco-worker',
  enforce: 'pre',
  async resolveId(source, importer) {
    if (source.endsWith('editor.worker?worker')) return this.resolve(`${source}&inline`, importer, { skipSelf: true });
  },
};

export default defineConfig({
  root: resolve('src/renderer'),
  plugins: [inlineMonacoWorker, react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: resolve('out/report-viewer'),
    emptyOutDir: true,
    lib: { entry: resolve('src/renderer/src/report/report-main.ts'), formats: ['iife'], name: 'AgentInspectorReport', fileName: () => 'viewer.js', cssFileName: 'viewer' },
  },
});
