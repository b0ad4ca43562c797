import { INLINE_MONACO_ID } from '../../../shared/report';
import type { MonacoModule } from '../components/load-monaco';

export type { MonacoModule };

declare global {
  interface Window {
    /** Set by viewer/monaco.js (report.vite.config.ts, mode `monaco`). */
    AgentInspectorMonaco?: { monaco: MonacoModule };
  }
}

let loading: Promise<MonacoModule> | undefined;

/** Runs a script from an address: a file beside the page, or a blob made from the page's own block. */
function run(src: string) {
  return new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("The report's code editor (viewer/monaco.js) is missing."));
    document.head.append(script);
  });
}

/**
 * The report's Monaco: a classic script of its own (a page opened from file:// cannot load split-off module chunks),
 * run the first time a panel shows code, so opening the report never waits for the editor.
 */
export const loadMonaco = () =>
  (loading ??= (async () => {
    const inline = document.getElementById(INLINE_MONACO_ID)?.textContent;
    if (inline)
      await run(
        URL.createObjectURL(
          new Blob([Uint8Array.from(atob(inline), c => c.charCodeAt(0))], { type: 'text/javascript;charset=utf-8' }),
        ),
      );
    else {
      const style = document.createElement('link');
      style.rel = 'stylesheet';
      style.href = 'viewer/monaco.css';
      document.head.append(style);
      await run('viewer/monaco.js');
    }
    const loaded = window.AgentInspectorMonaco;
    if (!loaded) throw new Error("The report's code editor did not start.");
    return loaded.monaco;
  })());
