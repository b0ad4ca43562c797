import type { InteractRequest, SemanticNode } from '../../../shared/negotiation';
import type { Position } from './vocabulary';

/** Node geometry is in viewport CSS pixels (semantic_v3's `xy` and `box`). */
type Point = [number, number];

export function centreOf(node: SemanticNode): Point | undefined {
  if (node.xy) return node.xy;
  if (node.box) return [node.box[0] + node.box[2] / 2, node.box[1] + node.box[3] / 2];
  return undefined;
}

/** The viewport the request states, else the extent of the nodes' geometry. */
export function viewportOf(request: InteractRequest): { width: number; height: number } {
  if (request.viewport) return request.viewport;
  let width = 1;
  let height = 1;
  for (const node of request.interactiveTree) {
    const [x, y] = node.box ? [node.box[0] + node.box[2], node.box[1] + node.box[3]] : (node.xy ?? [0, 0]);
    width = Math.max(width, x);
    height = Math.max(height, y);
  }
  return { width, height };
}

/** Elements whose tops differ by less than this sit on one line of reading order. */
const ROW_TOLERANCE = 10;

/**
 * Reading order: rows top to bottom, left to right within a row, from boxes (or centres). When any item has no
 * geometry the page's order is all there is, so document order.
 */
export function inReadingOrder<T extends { node: SemanticNode; index: number }>(items: T[]): T[] {
  const origin = (item: T): Point | undefined => (item.node.box ? [item.node.box[0], item.node.box[1]] : item.node.xy);
  if (items.some(item => !origin(item))) return [...items].sort((a, b) => a.index - b.index);
  const byTop = [...items].sort((a, b) => origin(a)![1] - origin(b)![1] || a.index - b.index);
  const rows: T[][] = [];
  for (const item of byTop) {
    const row = rows.at(-1);
    if (row && origin(item)![1] - origin(row[0])![1] < ROW_TOLERANCE) row.push(item);
    else rows.push([item]);
  }
  return rows.flatMap(row => row.sort((a, b) => origin(a)![0] - origin(b)![0] || a.index - b.index));
}

/** How far a point is from a named place of the viewport: the smaller, the better it fits "top-right", "bottom"… */
function distanceTo(position: Position, [x, y]: Point, { width, height }: { width: number; height: number }): number {
  switch (position) {
    case 'top-left':
      return Math.hypot(x, y);
    case 'top-right':
      return Math.hypot(width - x, y);
    case 'bottom-left':
      return Math.hypot(x, height - y);
    case 'bottom-right':
      return Math.hypot(width - x, height - y);
    case 'top':
      return y;
    case 'bottom':
      return height - y;
    case 'left':
      return x;
    case 'right':
      return width - x;
    case 'center':
      return Math.hypot(width / 2 - x, height / 2 - y);
  }
}

/** The items nearest the named place first, with their distances; items without geometry cannot be placed and are left out. */
export function byDistanceTo<T extends { node: SemanticNode; index: number }>(
  items: T[],
  position: Position,
  viewport: { width: number; height: number },
): { item: T; distance: number }[] {
  return items
    .flatMap(item => {
      const centre = centreOf(item.node);
      return centre ? [{ item, distance: distanceTo(position, centre, viewport) }] : [];
    })
    .sort((a, b) => a.distance - b.distance || a.item.index - b.item.index);
}

/** CSS pixels by which the nearest element must beat the next for a position ("the top button") to pick it. */
export const POSITION_MARGIN = 24;
