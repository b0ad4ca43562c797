import type * as Monaco from 'monaco-editor/editor/editor.api';

export type MonacoModule = typeof Monaco;

let loading: Promise<MonacoModule> | undefined;

/** Monaco is large: loaded after the first paint and once, so opening a session never waits for it. */
export const loadMonaco = () => (loading ??= import('./monaco').then(module => module.monaco));
