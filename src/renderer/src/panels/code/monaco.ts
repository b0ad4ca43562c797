// Monaco from the local package, never a CDN: the editor API, JavaScript highlighting, and its one worker, bundled by
// Vite (`?worker`) so the app works offline and under a CSP that only allows its own scripts.
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/languages/definitions/javascript/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';

self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

export { monaco };
