import { useStore } from '../../store';

/** A timeline row's marker for a step whose locator is positional or ambiguous (once the Locators report is loaded). */
export function LocatorBadge({ seq }: { seq: number }) {
  const warning = useStore(state => {
    const locators = state.locators;
    if (!locators || locators.sessionId !== state.opened?.session.id) return undefined;
    return locators.report.targets.find(target => target.seq === seq && target.warning)?.warning;
  });
  if (!warning) return null;
  return (
    <span className="badge badge-warn" data-testid="step-locator-warning" title={`Locator: ${warning}`}>
      locator ⚠
    </span>
  );
}
