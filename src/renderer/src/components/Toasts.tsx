import { useStore } from '../store';

export function Toasts() {
  const toasts = useStore(state => state.toasts);
  const dismiss = useStore(state => state.dismissToast);
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map(toast => (
        <div key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span>{toast.text}</span>
          <button type="button" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
