import { useEffect, useMemo, useState } from 'react';
import type { AriaNode } from '../../../../shared/aria-tree';
import type { StepSummary } from '../../../../shared/bridge';
import { inspector } from '../../bridge/inspector';
import { CopyButton } from '../../components/CopyButton';
import { useStore } from '../../store';

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A role-and-name locator from the snapshot alone: what a recording without a live page can still offer. */
const roleLocator = (node: AriaNode) =>
  `page.getByRole(${quote(node.role)}${node.name ? `, { name: ${quote(node.name)} }` : ''})`;

/** Steps that acted on this element: the same ref, or (refs are per snapshot) the same role and name. */
function stepsTargeting(steps: StepSummary[], node: AriaNode): { step: StepSummary; locator: string }[] {
  return steps.flatMap(step => {
    const target = step.targets?.find(
      t =>
        (node.ref !== undefined && t.ref === node.ref && t.role === node.role) ||
        (!!node.name && t.role === node.role && t.name === node.name),
    );
    return target ? [{ step, locator: target.locator }] : [];
  });
}

export function NodeDetails() {
  const nodes = useStore(state => state.nodes);
  const selectedNode = useStore(state => state.selectedNode);
  const opened = useStore(state => state.opened);
  const selectStep = useStore(state => state.selectStep);
  const node = selectedNode === undefined ? undefined : nodes[selectedNode];
  const targeting = useMemo(() => (node && opened ? stepsTargeting(opened.steps, node) : []), [node, opened]);
  const [liveLocator, setLiveLocator] = useState<string>();
  const session = opened?.session;

  useEffect(() => {
    setLiveLocator(undefined);
    if (!node?.ref || !session?.live || !session.running) return;
    let current = true;
    void inspector.invoke('locate', { sessionId: session.id, ref: node.ref }).then(
      result => current && result.locator && setLiveLocator(result.locator),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [node, session?.id, session?.live, session?.running]);

  if (!node)
    return (
      <div className="node-details empty" data-testid="node-details">
        Select a node to see its locator and the code that targeted it.
      </div>
    );
  const locator = liveLocator ?? targeting.at(-1)?.locator ?? (node.role !== 'text' ? roleLocator(node) : undefined);
  return (
    <div className="node-details" data-testid="node-details">
      <div className="node-title">
        <span className="role">{node.role}</span>
        {node.name !== undefined ? <span className="name">"{node.name}"</span> : null}
        {node.ref ? <span className="ref">{node.ref}</span> : null}
        {node.states.map(state => (
          <span key={state} className="state">
            {state}
          </span>
        ))}
      </div>
      {node.props?.url ? <div className="muted">URL: {node.props.url}</div> : null}
      {locator ? (
        <div className="node-locator">
          <code data-testid="node-locator">{locator}</code>
          <CopyButton text={locator} />
        </div>
      ) : null}
      <div className="node-code">
        {targeting.length === 0 ? (
          <span className="muted">No step of this session targeted this element.</span>
        ) : (
          <>
            <span className="muted">Targeted by:</span>
            <ul data-testid="node-targeted-by">
              {targeting.map(({ step }) => (
                <li key={step.seq}>
                  <button type="button" className="link" onClick={() => selectStep(step.seq)}>
                    #{step.seq} {step.tool}
                  </button>
                  <pre>{step.code || '(no code)'}</pre>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
