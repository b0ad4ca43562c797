import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { AnnotationBox } from '../../store/debugger';

type Size = { width: number; height: number };
type Point = { x: number; y: number };

/** Shorter than this (CSS px) in either direction is a click, not a box. */
const MIN_SIDE = 4;
/** Arrow keys move a focused box this far (Shift+arrows resize it). */
const NUDGE = 10;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Drawing boxes on a picture of the page by dragging, in CSS pixels of the page's viewport whatever size the picture
 * is shown at; and moving or resizing a focused box with the keyboard.
 */
export function useBoxDrawing(viewport: Size, onAdded: (index: number) => void) {
  const [boxes, setBoxes] = useState<AnnotationBox[]>([]);
  const [draft, setDraft] = useState<AnnotationBox>();
  const start = useRef<Point>(undefined);

  /** Where the pointer is, in viewport pixels, kept inside the viewport. */
  const at = (event: PointerEvent<HTMLElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: clamp(((event.clientX - rect.left) / rect.width) * viewport.width, 0, viewport.width),
      y: clamp(((event.clientY - rect.top) / rect.height) * viewport.height, 0, viewport.height),
    };
  };
  const between = (a: Point, b: Point): AnnotationBox => ({
    x: round(Math.min(a.x, b.x)),
    y: round(Math.min(a.y, b.y)),
    width: round(Math.abs(a.x - b.x)),
    height: round(Math.abs(a.y - b.y)),
    text: '',
  });

  const layer = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0 || event.target !== event.currentTarget) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      start.current = at(event);
      setDraft(between(start.current, start.current));
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (start.current) setDraft(between(start.current, at(event)));
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (!start.current) return;
      const box = between(start.current, at(event));
      start.current = undefined;
      setDraft(undefined);
      if (box.width < MIN_SIDE || box.height < MIN_SIDE) return;
      setBoxes([...boxes, box]);
      onAdded(boxes.length);
    },
    onPointerCancel() {
      start.current = undefined;
      setDraft(undefined);
    },
  };

  const change = (index: number, next: Partial<AnnotationBox>) =>
    setBoxes(current => current.map((box, at) => (at === index ? { ...box, ...next } : box)));
  const remove = (index: number) => setBoxes(current => current.filter((_, at) => at !== index));
  /** A box in the middle of the page, for those who do not draw with a mouse. */
  const addCentred = () => {
    const width = Math.min(200, viewport.width / 2);
    const height = Math.min(120, viewport.height / 2);
    setBoxes([
      ...boxes,
      { x: round((viewport.width - width) / 2), y: round((viewport.height - height) / 2), width, height, text: '' },
    ]);
    onAdded(boxes.length);
  };

  /** Arrows move the focused box; Shift+arrows resize it; Delete removes it. */
  const onBoxKey = (index: number) => (event: KeyboardEvent) => {
    const box = boxes[index];
    const dx = event.key === 'ArrowLeft' ? -NUDGE : event.key === 'ArrowRight' ? NUDGE : 0;
    const dy = event.key === 'ArrowUp' ? -NUDGE : event.key === 'ArrowDown' ? NUDGE : 0;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(index);
      return;
    }
    if (!box || (!dx && !dy)) return;
    event.preventDefault();
    if (event.shiftKey) {
      change(index, {
        width: clamp(box.width + dx, MIN_SIDE, viewport.width - box.x),
        height: clamp(box.height + dy, MIN_SIDE, viewport.height - box.y),
      });
    } else {
      change(index, {
        x: clamp(box.x + dx, 0, viewport.width - box.width),
        y: clamp(box.y + dy, 0, viewport.height - box.height),
      });
    }
  };

  return { boxes, draft, layer, change, remove, addCentred, onBoxKey };
}
