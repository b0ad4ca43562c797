import { useState } from 'react';
import { useStore } from '../store';

/** The Clipboard API, or the old selection trick where it is unavailable. */
async function copyText(text: string) {
  if (navigator.clipboard) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** `text` may be a function: what is costly to build (a whole request/response pair) is built on the click. */
export function CopyButton({ text, label = 'Copy' }: { text: string | (() => string); label?: string }) {
  const [copied, setCopied] = useState(false);
  const toast = useStore(state => state.toast);
  return (
    <button
      type="button"
      className="copy-button"
      onClick={() => {
        copyText(typeof text === 'string' ? text : text()).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1_500);
          },
          error => toast(`Could not copy: ${error instanceof Error ? error.message : error}`),
        );
      }}
    >
      {copied ? 'Copied' : label}
    </button>
  );
}
