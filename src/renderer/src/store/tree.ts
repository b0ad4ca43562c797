import { parseAriaTree } from '../../../shared/aria-tree';
import type { StepDetail } from '../../../shared/bridge';
import { inspector } from '../bridge/inspector';
import type { Slice, Store, TreeSlice } from './types';

export const emptyTree = () => ({
  nodes: [],
  treeSeq: undefined,
  collapsed: new Set<number>(),
  selectedNode: undefined,
});

/** The tree for a step: parsed again only when the step shows another snapshot than the one on screen. */
export function treeFor(state: Store, detail: StepDetail): Partial<Store> {
  if (!detail.aria) return emptyTree();
  if (detail.aria.seq === state.treeSeq && state.nodes.length) return {};
  return {
    nodes: parseAriaTree(detail.aria.yaml),
    treeSeq: detail.aria.seq,
    collapsed: new Set(),
    selectedNode: undefined,
  };
}

export const treeSlice: Slice<TreeSlice> = (set, get) => {
  // Hovering sweeps across many rows: only the latest wish is sent, one request at a time.
  let inFlight = false;
  let wanted: string | null | undefined;
  const highlight = async (ref: string | null) => {
    const session = get().opened?.session;
    if (!session?.live || !session.running) return;
    wanted = ref;
    if (inFlight) return;
    inFlight = true;
    try {
      while (wanted !== undefined) {
        const next: string | null = wanted;
        wanted = undefined;
        await inspector.invoke('highlight', { sessionId: session.id, ref: next }).catch(() => undefined);
      }
    } finally {
      inFlight = false;
    }
  };

  return {
    ...emptyTree(),
    filter: '',
    setFilter(filter) {
      set({ filter });
    },
    toggleNode(index, open) {
      const collapsed = new Set(get().collapsed);
      const close = open === undefined ? !collapsed.has(index) : !open;
      if (close) collapsed.add(index);
      else collapsed.delete(index);
      set({ collapsed });
    },
    selectNode(index) {
      set({ selectedNode: index });
      const ref = index === undefined ? undefined : get().nodes[index]?.ref;
      if (ref) void highlight(ref);
    },
    hoverNode(index) {
      const ref = index === undefined ? null : get().nodes[index]?.ref;
      if (ref !== undefined) void highlight(ref);
    },
  };
};
