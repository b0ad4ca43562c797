import { useEffect } from 'react';

/** Where a key is text being typed, not a shortcut. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || !!target.closest('.monaco-editor'));

/** `b` shows the page before the step, `a` after it (as long as no field or editor has the keyboard). */
export function useShotKeys(show: ((shot: 'before' | 'after') => void) | undefined) {
  useEffect(() => {
    if (!show) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      if (event.key === 'b') show('before');
      else if (event.key === 'a') show('after');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);
}
