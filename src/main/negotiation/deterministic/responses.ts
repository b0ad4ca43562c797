import {
  formatAction,
  roleOf,
  type ActionResponse,
  type NegotiationResponse,
  type PlannedAction,
  type SemanticNode,
} from '../../../shared/negotiation';

/** `button "Save" (e12)`, or `textbox (e3)` when it has no name: how messages name an element. */
export function describeNode(node: SemanticNode): string {
  return node.n ? `${roleOf(node.r)} "${node.n}" (${node.i})` : `${roleOf(node.r)} (${node.i})`;
}

/** Past this many, a list of elements says how many more there are instead of naming them. */
const MAX_LISTED = 6;

export function listNodes(nodes: SemanticNode[]): string {
  const listed = nodes.slice(0, MAX_LISTED).map(describeNode);
  if (nodes.length > MAX_LISTED) listed.push(`and ${nodes.length - MAX_LISTED} more`);
  return listed.join(', ');
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const quoteWords = (words: string[]) => `"${words.join(' ')}"`;

export function act(action: PlannedAction, thought: string): ActionResponse {
  return { thought, action: formatAction(action) };
}

export function fail(reason: string): ActionResponse {
  return act({ kind: 'fail', reason }, reason);
}

export function done(summary: string): ActionResponse {
  return act({ kind: 'done', summary }, summary);
}

/** What each mode makes the client send (seed 003, 2.2): skeleton → skeletonDom; hybrid → + screenshot; full → dom. */
export function needsContext(mode: 'skeleton' | 'hybrid' | 'full', reason: string): NegotiationResponse {
  return {
    status: 'needs_context',
    requestedDomMode: mode,
    needsSkeletonDom: mode !== 'full',
    needsScreenshot: mode === 'hybrid',
    reason,
  };
}
