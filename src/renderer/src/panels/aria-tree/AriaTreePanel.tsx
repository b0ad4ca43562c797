import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { AriaNode } from '../../../../shared/aria-tree';
import { Panel } from '../../components/Panel';
import { useStore } from '../../store';
import { NodeDetails } from './NodeDetails';
import { parentsOf, visibleRows } from './tree-rows';

const ROW_HEIGHT = 22;
const INDENT = 14;

function TreeRow({
  node,
  index,
  selected,
  collapsed,
  matched,
  targeted,
}: {
  node: AriaNode;
  index: number;
  selected: boolean;
  collapsed: boolean;
  matched: boolean;
  targeted: boolean;
}) {
  const toggleNode = useStore(state => state.toggleNode);
  const selectNode = useStore(state => state.selectNode);
  const hoverNode = useStore(state => state.hoverNode);
  const parent = node.end > index + 1;
  return (
    <div
      id={`node-${index}`}
      role="treeitem"
      aria-level={node.depth + 1}
      aria-selected={selected}
      aria-expanded={parent ? !collapsed : undefined}
      data-testid="tree-row"
      data-ref={node.ref}
      className={`tree-row${selected ? ' selected' : ''}${matched ? ' matched' : ''}${targeted ? ' targeted' : ''}`}
      style={{ paddingLeft: 4 + node.depth * INDENT }}
      onMouseEnter={() => hoverNode(index)}
      onClick={() => selectNode(index)}
    >
      <span
        className={`twisty${parent ? '' : ' leaf'}`}
        aria-hidden="true"
        onClick={event => {
          event.stopPropagation();
          if (parent) toggleNode(index);
        }}
      >
        {parent ? (collapsed ? '▸' : '▾') : ''}
      </span>
      {/* The spaces are invisible in the flex row but keep the text readable when copied or read aloud. */}
      <span className={`role${node.role === 'text' ? ' text-role' : ''}`}>{node.role}</span>
      {node.name !== undefined ? (
        <>
          {' '}
          <span className="name">"{node.name}"</span>
        </>
      ) : null}
      {node.states.map(state => (
        <span key={state}>
          {' '}
          <span className="state">{state}</span>
        </span>
      ))}
      {node.ref ? (
        <>
          {' '}
          <span className="ref">{node.ref}</span>
        </>
      ) : null}
      {node.text !== undefined ? (
        <>
          {' '}
          <span className="inline-text">{node.text}</span>
        </>
      ) : null}
    </div>
  );
}

export function AriaTreePanel() {
  const nodes = useStore(state => state.nodes);
  const collapsed = useStore(state => state.collapsed);
  const filter = useStore(state => state.filter);
  const setFilter = useStore(state => state.setFilter);
  const selectedNode = useStore(state => state.selectedNode);
  const selectNode = useStore(state => state.selectNode);
  const toggleNode = useStore(state => state.toggleNode);
  const hoverNode = useStore(state => state.hoverNode);
  const treeSeq = useStore(state => state.treeSeq);
  const detail = useStore(state => state.detail);
  const live = useStore(state => !!state.opened?.session.live && state.opened.session.running);
  const deferredFilter = useDeferredValue(filter);
  const parents = useMemo(() => parentsOf(nodes), [nodes]);
  const { rows, matched } = useMemo(
    () => visibleRows(nodes, collapsed, deferredFilter, parents),
    [nodes, collapsed, deferredFilter, parents],
  );
  const targetedRefs = useMemo(
    () => new Set(detail?.step.targets?.map(target => target.ref).filter(Boolean)),
    [detail],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });
  const cursor = selectedNode === undefined ? -1 : rows.indexOf(selectedNode);

  useEffect(() => {
    if (cursor >= 0) virtualizer.scrollToIndex(cursor, { align: 'auto' });
  }, [cursor, virtualizer]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!rows.length) return;
    const node = selectedNode === undefined ? undefined : nodes[selectedNode];
    const open = node && node.end > selectedNode! + 1 && !collapsed.has(selectedNode!);
    const go = (row: number) => selectNode(rows[Math.max(0, Math.min(rows.length - 1, row))]);
    switch (event.key) {
      case 'ArrowDown':
        go(cursor + 1);
        break;
      case 'ArrowUp':
        go(cursor < 0 ? 0 : cursor - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(rows.length - 1);
        break;
      case 'ArrowRight':
        if (node && node.end > selectedNode! + 1 && !open) toggleNode(selectedNode!, true);
        else go(cursor + 1);
        break;
      case 'ArrowLeft':
        if (open) toggleNode(selectedNode!, false);
        else if (selectedNode !== undefined && parents[selectedNode] >= 0) selectNode(parents[selectedNode]);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const fromEarlier = detail?.aria && detail.aria.seq !== detail.step.seq ? ` · from step ${detail.aria.seq}` : '';
  return (
    <Panel
      title={`Aria tree${nodes.length ? ` · ${nodes.length.toLocaleString()} nodes${fromEarlier}` : ''}`}
      className="tree-panel"
      testId="tree-panel"
    >
      <div className="tree-layout">
        <div className="tree-toolbar">
          <input
            type="search"
            placeholder="Filter by role, name, text or ref"
            aria-label="Filter the aria tree"
            data-testid="tree-filter"
            value={filter}
            onChange={event => setFilter(event.target.value)}
          />
          {deferredFilter.trim() ? (
            <span className="muted" data-testid="tree-matches">
              {matched.size} match{matched.size === 1 ? '' : 'es'}
            </span>
          ) : null}
        </div>
        {!nodes.length ? (
          <p className="empty">
            {detail ? 'No aria snapshot for this step.' : "Select a step to see the page's aria tree."}
          </p>
        ) : (
          <div
            ref={scrollRef}
            className="virtual-scroll tree-scroll"
            role="tree"
            tabIndex={0}
            aria-label="Aria tree"
            aria-activedescendant={selectedNode === undefined ? undefined : `node-${selectedNode}`}
            data-testid="aria-tree"
            data-tree-seq={treeSeq}
            title={live ? 'Hover a node to outline it in the controlled browser' : undefined}
            onKeyDown={onKeyDown}
            onMouseLeave={() => hoverNode(undefined)}
          >
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map(item => {
                const index = rows[item.index];
                const node = nodes[index];
                return (
                  <div
                    key={index}
                    style={{
                      position: 'absolute',
                      top: 0,
                      left: 0,
                      right: 0,
                      height: ROW_HEIGHT,
                      transform: `translateY(${item.start}px)`,
                    }}
                  >
                    <TreeRow
                      node={node}
                      index={index}
                      selected={index === selectedNode}
                      collapsed={collapsed.has(index)}
                      matched={matched.has(index)}
                      targeted={!!node.ref && targetedRefs.has(node.ref)}
                    />
                  </div>
                );
              })}
            </div>
          </div>
        )}
        <NodeDetails />
      </div>
    </Panel>
  );
}
