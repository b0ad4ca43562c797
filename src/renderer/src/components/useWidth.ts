import { useCallback, useEffect, useRef, useState } from 'react';

/** The element's width in CSS pixels, kept up to date: the chart draws in real pixels so its text is not stretched. */
export function useWidth<T extends HTMLElement>(): [number, (element: T | null) => void] {
  const [width, setWidth] = useState(300);
  const observer = useRef<ResizeObserver | undefined>(undefined);
  useEffect(() => () => observer.current?.disconnect(), []);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    if (!element) return;
    observer.current = new ResizeObserver(([entry]) => setWidth(Math.max(100, Math.floor(entry.contentRect.width))));
    observer.current.observe(element);
  }, []);
  return [width, ref];
}
