// Shared by the planner's test files: a contract-checked plan(), its answer's action or negotiation, buttons and real JPEG screenshots.
import { encode } from 'jpeg-js';
import {
  interactRequestSchema,
  interactResponseSchema,
  isNegotiation,
  type InteractResponse,
  type SemanticNode,
} from '../../../shared/negotiation';
import { DeterministicPlanner } from './deterministic-planner';

export type Box = [number, number, number, number];
export type Rgb = [number, number, number];

const planner = new DeterministicPlanner();

/** Plans a request (validated as the endpoint would) and checks that the answer honours the contract. */
export async function plan(request: Record<string, unknown>): Promise<InteractResponse> {
  const parsed = interactRequestSchema.parse({
    url: 'https://shop.example/catalog',
    domMode: 'semantic_v3',
    viewport: { width: 1280, height: 800 },
    ...request,
  });
  const response = await planner.plan(parsed);
  return interactResponseSchema.parse(response);
}

/** The action of a response that must not be a negotiation. */
export function actionOf(response: InteractResponse): string {
  if (isNegotiation(response)) throw new Error(`expected an action, got a request for context: ${response.reason}`);
  return response.action;
}

/** The action, or "asks for context": for what must never act, whether it refuses or asks. */
export function answerOf(response: InteractResponse): string {
  return isNegotiation(response) ? 'asks for context' : response.action;
}

/** Queries planned on one page (its tree, and its skeleton DOM when given), each answered with its action. */
export function onPage(interactiveTree: SemanticNode[], skeletonDom?: string) {
  const page = skeletonDom === undefined ? {} : { domMode: 'skeleton', skeletonDom };
  return async (query: string) => actionOf(await plan({ query, interactiveTree, ...page }));
}

export function negotiationOf(response: InteractResponse) {
  if (!isNegotiation(response)) throw new Error(`expected a request for context, got ${response.action}`);
  return response;
}

/**
 * A real JPEG, base64: a white page of `width`×`height` CSS pixels at `scale` device pixels each, with each box
 * filled in its colour and a white band across its middle (the label text, which the background must outweigh).
 */
export function screenshot(width: number, height: number, scale: number, boxes: { box: Box; rgb: Rgb }[]): string {
  const w = width * scale;
  const h = height * scale;
  const data = Buffer.alloc(w * h * 4, 255);
  for (const { box, rgb } of boxes) {
    const [x0, y0, x1, y1] = [box[0] * scale, box[1] * scale, (box[0] + box[2]) * scale, (box[1] + box[3]) * scale];
    for (let y = Math.max(0, y0); y < Math.min(h, y1); y++) {
      const text = y > y0 + (y1 - y0) * 0.45 && y < y0 + (y1 - y0) * 0.55;
      for (let x = Math.max(0, x0); x < Math.min(w, x1); x++) {
        const at = (y * w + x) * 4;
        [data[at], data[at + 1], data[at + 2]] = text ? [255, 255, 255] : rgb;
      }
    }
  }
  return encode({ width: w, height: h, data }, 85).data.toString('base64');
}

export const button = (i: string, n: string, box: Box, extra: Partial<SemanticNode> = {}): SemanticNode => ({
  i,
  r: 'btn',
  n,
  box,
  xy: [box[0] + box[2] / 2, box[1] + box[3] / 2],
  ...extra,
});
