// Monaco from the local package, never a CDN: the editor API, highlighting for JavaScript (the code), HTML and YAML
// (Browser State files) and unified diffs, and its one worker, bundled by Vite (`?worker`) so the app works offline
// and under a CSP that only allows its own scripts.
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/html/register';
import 'monaco-editor/languages/definitions/yaml/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';

self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

// Unified diffs: no language ships for them; three line kinds are enough (colours from the built-in themes).
monaco.languages.register({ id: 'diff' });
monaco.languages.setMonarchTokensProvider('diff', {
  tokenizer: {
    root: [
      [/^(---|\+\+\+) .*$/, 'type'],
      [/^@@.*$/, 'keyword'],
      [/^\+.*$/, 'comment'],
      [/^-.*$/, 'string'],
    ],
  },
});

export { monaco };
