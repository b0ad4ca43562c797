import { useEffect, useRef, useState } from 'react';

/**
 * How many of `total` pieces to render: the first at once, one more each time the sentinel (placed after the last
 * piece shown) comes within 400 px of the view. Laying out a whole 10,000-row list takes a second or more; the
 * reader sees the top first and rarely scrolls to the end. Back to one piece when `of` (the data) changes.
 */
export function useShownPieces(total: number, of: unknown) {
  // Keyed by the data, so new data never renders with the count reached on the old.
  const [state, setState] = useState({ of, shown: 1 });
  const shown = Math.min(total, state.of === of ? state.shown : 1);
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = sentinel.current;
    if (!target || shown >= total) return;
    const observer = new IntersectionObserver(
      entries => {
        if (entries.some(entry => entry.isIntersecting)) setState({ of, shown: shown + 1 });
      },
      { rootMargin: '400px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [of, shown, total]);
  return { shown, more: shown < total, sentinel };
}
