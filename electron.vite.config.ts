import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        // The Electron entry and the headless CLI share one build; the CLI never imports electron.
        input: { index: resolve('src/main/index.ts'), cli: resolve('src/main/cli.ts') },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload must be CommonJS, even though the package is "type": "module".
      rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    plugins: [react()],
  },
});
