import { inspector } from '../bridge/inspector';
import type { Slice, UiSlice } from './types';

const THEME_KEY = 'agent-inspector.theme';
let toastIds = 0;

function initialTheme(): 'light' | 'dark' {
  const saved = localStorage.getItem(THEME_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export const uiSlice: Slice<UiSlice> = (set, get) => ({
  theme: initialTheme(),
  toggleTheme() {
    const theme = get().theme === 'dark' ? 'light' : 'dark';
    // Once chosen, the theme stays; until then it follows the OS.
    localStorage.setItem(THEME_KEY, theme);
    set({ theme });
  },
  toasts: [],
  toast(text, kind = 'error') {
    const id = ++toastIds;
    set(state => ({ toasts: [...state.toasts.slice(-3), { id, kind, text }] }));
    setTimeout(() => get().dismissToast(id), kind === 'error' ? 8_000 : 4_000);
  },
  dismissToast(id) {
    set(state => ({ toasts: state.toasts.filter(toast => toast.id !== id) }));
  },
  connected: true,
  // The server's readable role cookie (its credential cookie is HttpOnly): see src/main/access. A report acts on nothing.
  readOnly: !!inspector.report || /(?:^|;\s*)agent_inspector_role=viewer(?:;|$)/.test(document.cookie),
  report: inspector.report,
  detailTab: 'response',
  setDetailTab(detailTab) {
    set({ detailTab });
  },
  setPageShot(pageShot) {
    // A shot the user picks stays picked: a held call no longer switches it back by itself.
    set({ pageShot, nowPicked: false });
  },
  detailExpanded: false,
  toggleDetailExpanded() {
    set({ detailExpanded: !get().detailExpanded });
  },
});

/** Follows the OS theme while the user has not picked one. */
export function followOsTheme(setTheme: (theme: 'light' | 'dark') => void) {
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', event => {
    if (!localStorage.getItem(THEME_KEY)) setTheme(event.matches ? 'dark' : 'light');
  });
}
