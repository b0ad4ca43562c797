/**
 * The pause sign, drawn: the ⏸ character is missing from many system fonts (it shows as an empty box there), and the
 * debugger's state reads from this one mark.
 */
export function PauseIcon({ size = 12 }: { size?: number }) {
  return (
    <svg className="pause-icon" width={size} height={size} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <rect x="2" y="1.5" width="3" height="9" rx="1" fill="currentColor" />
      <rect x="7" y="1.5" width="3" height="9" rx="1" fill="currentColor" />
    </svg>
  );
}
