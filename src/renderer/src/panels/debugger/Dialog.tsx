import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './debugger.css';

const FOCUSABLE =
  'button:not(:disabled), input:not(:disabled), textarea:not(:disabled), select:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: focus moves into it (to the element marked `data-autofocus`, else the first field) and back to what
 * opened it on close; Tab stays inside; Esc cancels; Ctrl/Cmd+Enter submits.
 */
export function Dialog({
  label,
  className = '',
  onCancel,
  onSubmit,
  children,
  testId,
}: {
  label: string;
  className?: string;
  onCancel(): void;
  onSubmit?(): void;
  children: ReactNode;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    const first =
      box.current?.querySelector<HTMLElement>('[data-autofocus]') ?? box.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => opener?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && onSubmit) {
      event.preventDefault();
      onSubmit();
    } else if (event.key === 'Tab') {
      // Keeps Tab inside the dialog: from the last element back to the first, and the other way with Shift.
      const items = Array.from(box.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter(
        item => item.offsetParent !== null,
      );
      const [first, last] = [items[0], items.at(-1)];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  return createPortal(
    <div className="modal-backdrop" onMouseDown={event => event.target === event.currentTarget && onCancel()}>
      <div
        ref={box}
        className={`modal debug-dialog ${className}`}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
