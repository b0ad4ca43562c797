import { z } from 'zod';
import { snapshotNodes } from '../../../shared/aria-snapshot';
import { outputPath, timestamp, writeOutput } from '../files';
import { NoPersonError, type Annotation } from '../person-desk';
import { defineTool } from '../tool';

type Box = { x: number; y: number; width: number; height: number };

const BOX = /\s*\[box=(-?[\d.]+),(-?[\d.]+),([\d.]+),([\d.]+)\]/;
/** At most this many elements are named under one annotation: the innermost first. */
const MAX_UNDER = 8;

/** The part of `inner` that lies within `outer`, as a share of inner's area. */
function shareInside(inner: Box, outer: Box): number {
  const width = Math.min(inner.x + inner.width, outer.x + outer.width) - Math.max(inner.x, outer.x);
  const height = Math.min(inner.y + inner.height, outer.y + outer.height) - Math.max(inner.y, outer.y);
  const area = inner.width * inner.height;
  return width > 0 && height > 0 && area > 0 ? (width * height) / area : 0;
}

const contains = (box: Box, x: number, y: number) =>
  x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;

/** Each element of a boxed snapshot with its ref, role, name and box (in viewport CSS pixels). */
function boxedElements(yaml: string) {
  return yaml.split('\n').flatMap(line => {
    const box = line.match(BOX);
    const node = box && snapshotNodes(line.replace(BOX, ''))[0];
    if (!box || !node?.ref) return [];
    return [
      {
        ref: node.ref,
        role: node.role,
        name: node.name,
        box: { x: +box[1], y: +box[2], width: +box[3], height: +box[4] },
      },
    ];
  });
}

/**
 * The elements under a drawn box: those at least half inside it, smallest first; when none is, the smallest element
 * holding the box's centre (a box drawn on part of a large button).
 */
export function elementsUnder(box: Box, elements: ReturnType<typeof boxedElements>) {
  const area = (candidate: { box: Box }) => candidate.box.width * candidate.box.height;
  const inside = elements.filter(element => shareInside(element.box, box) >= 0.5).sort((a, b) => area(a) - area(b));
  if (inside.length) return inside.slice(0, MAX_UNDER);
  const holding = elements
    .filter(element => contains(element.box, box.x + box.width / 2, box.y + box.height / 2))
    .sort((a, b) => area(a) - area(b));
  return holding.slice(0, 1);
}

const describe = (element: { ref: string; role: string; name?: string }) =>
  `${element.ref} ${element.role}${element.name ? ` ${JSON.stringify(element.name)}` : ''}`;
const round = (value: number) => Math.round(value);

/** One annotation as the peer lists it, with the refs under it. */
function annotationLine(annotation: Annotation, under: ReturnType<typeof elementsUnder>): string {
  const { x, y, width, height } = annotation;
  const refs = under.length ? ` (under it: ${under.map(describe).join('; ')})` : ' (no element under it)';
  return `  { x: ${round(x)}, y: ${round(y)}, width: ${round(width)}, height: ${round(height)} }: ${annotation.text}${refs}`;
}

/**
 * The agent asks a person: the session's page view in the inspector turns into annotation mode, the person draws
 * boxes and writes notes, and the agent gets what @playwright/mcp's tool returns — the notes, each box with the refs
 * of the elements under it, the annotated screenshot and the aria snapshot (as files in the output folder).
 */
export const annotate = defineTool({
  scope: 'page',
  capability: 'devtools',
  name: 'browser_annotate',
  title: 'Annotate the current page',
  description:
    'Open the Playwright Dashboard in annotation mode for the current page and wait for the user to draw annotations. Returns the annotated screenshot, ARIA snapshot, and the list of annotations.',
  schema: z.strictObject({}),
  readOnly: true,
  async handler({ tab, context, session, response }) {
    if (!session.person)
      throw new NoPersonError(
        'No person is watching this session in the inspector: start it with a UI (agent-inspector serve, mcp --ui, or the app) to annotate.',
      );
    const { page } = tab;
    const viewport = page.viewportSize() ?? (await page.evaluate(() => ({ width: innerWidth, height: innerHeight })));
    const screenshot = await page.screenshot({ type: 'png', scale: 'css' });
    const answer = await session.person.annotate({ url: page.url(), title: await page.title(), screenshot, viewport });
    if (answer === 'cancelled') return response.addResult('Annotation cancelled.');
    if (answer === 'timeout')
      throw new Error('No annotations were submitted: nobody answered in the inspector before --pause-timeout.');
    if (!answer.annotations.length && !answer.note.trim()) return response.addResult('No annotations were submitted.');
    // Boxes as the page stands now (the person drew on the page as it was asked about: nothing acted since).
    const yaml = await tab.snapshot({ boxes: true });
    const elements = boxedElements(yaml);
    const stamp = timestamp();
    const image = await writeOutput(
      context,
      outputPath(context.workspace, undefined, `annotations-1-${stamp}.png`),
      answer.image,
    );
    const snapshot = await writeOutput(
      context,
      outputPath(context.workspace, undefined, `annotations-1-${stamp}.yaml`),
      yaml
        .split('\n')
        .map(line => line.replace(BOX, ''))
        .join('\n'),
    );
    const lines = [
      ...(answer.note.trim() ? [answer.note.trim()] : []),
      `screenshot 1: ${context.sessionId.slice(0, 8)} / ${(await page.title()) || 'tab'} @ ${page.url()} (${viewport.width}x${viewport.height})`,
      ...answer.annotations.map(annotation => annotationLine(annotation, elementsUnder(annotation, elements))),
      `- [Annotation image 1](${image})`,
      `- [Annotation snapshot 1](${snapshot})`,
    ];
    response.addResult(lines.join('\n'));
  },
});
