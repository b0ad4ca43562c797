import { useEffect } from 'react';
import { KIND_LABEL, type TargetLocators } from '../../../../shared/locators';
import { useStore } from '../../store';

/**
 * How robust the selected step's locators are: for each element it targeted, the candidates (test id, role + name,
 * label, placeholder, text, CSS, the recorded one) with how many elements each matched where the step acted and on the
 * following states of the same page, the one export uses, the recommended one and why; picking another changes export.
 */
export function LocatorsView() {
  const sessionId = useStore(state => state.opened?.session.id);
  const stepCount = useStore(state => state.opened?.steps.length ?? 0);
  const seq = useStore(state => state.selectedSeq);
  const locators = useStore(state => state.locators);
  const loadLocators = useStore(state => state.loadLocators);

  useEffect(() => {
    if (sessionId) void loadLocators(sessionId, stepCount);
  }, [sessionId, stepCount, loadLocators]);

  if (seq === undefined || !sessionId) return <p className="empty">Select a step to see its locators.</p>;
  if (!locators || locators.sessionId !== sessionId) return <p className="empty">Counting locator candidates…</p>;
  const targets = locators.report.targets.filter(target => target.seq === seq);
  if (!targets.length) return <p className="empty">Step {seq} targeted no element: nothing to locate.</p>;
  return (
    <div className="locators" data-testid="locators">
      {targets.map(target => (
        <TargetTable
          key={target.target}
          sessionId={sessionId}
          target={target}
          testIdAttribute={locators.report.testIdAttribute}
        />
      ))}
    </div>
  );
}

function TargetTable({
  sessionId,
  target,
  testIdAttribute,
}: {
  sessionId: string;
  target: TargetLocators;
  testIdAttribute: string;
}) {
  const chooseLocator = useStore(state => state.chooseLocator);
  const readOnly = useStore(state => state.readOnly);
  const what = target.role ? `${target.role}${target.name ? ` "${target.name}"` : ''}` : target.ref;
  const name = `locator-${target.seq}-${target.target}`;
  return (
    <section className="locator-target" data-testid="locator-target" aria-label={`Locators of ${what}`}>
      <h3 className="locator-heading">
        {target.tool.replace(/^browser_/, '')} {what} <span className="muted">({target.ref})</span>
        {target.warning ? (
          <span className="badge badge-warn" data-testid="locator-warning-badge">
            {target.candidates[target.chosen].positional ? 'positional' : 'ambiguous'}
          </span>
        ) : null}
      </h3>
      {target.warning ? (
        <p className="locator-warning" role="alert" data-testid="locator-warning">
          ⚠ {target.warning}
        </p>
      ) : null}
      <table className="network-table locator-table">
        <thead>
          <tr>
            <th scope="col">Use</th>
            <th scope="col">Candidate</th>
            <th scope="col">Kind</th>
            <th scope="col" className="number" title="Elements it matched on the page the step acted on">
              At step
            </th>
            <th
              scope="col"
              title={`Elements it matched on the following recorded states of the same page (getByTestId reads ${testIdAttribute})`}
            >
              After
            </th>
            <th scope="col" />
          </tr>
        </thead>
        <tbody>
          {target.candidates.map((candidate, index) => (
            <tr
              key={candidate.code}
              data-testid="locator-candidate"
              data-kind={candidate.kind}
              aria-selected={index === target.chosen}
              className={index === target.chosen ? 'chosen' : undefined}
            >
              <td>
                <input
                  type="radio"
                  name={name}
                  aria-label={`Use ${candidate.code}`}
                  checked={index === target.chosen}
                  disabled={readOnly}
                  onChange={() => void chooseLocator(sessionId, target.seq, target.target, candidate.code)}
                />
              </td>
              <td>
                <code className="locator-code">{candidate.code}</code>
              </td>
              <td>{KIND_LABEL[candidate.kind]}</td>
              <td className={`number ${countClass(candidate.count)}`} data-testid="locator-count">
                {candidate.count ?? '–'}
              </td>
              <td className="locator-later">
                {candidate.later.length ? (
                  candidate.later.map(state => (
                    <span key={state.seq} className={countClass(state.count)} title={`step ${state.seq}`}>
                      {state.count}
                    </span>
                  ))
                ) : (
                  <span className="muted">–</span>
                )}
              </td>
              <td>
                {index === target.chosen ? (
                  <span className="badge badge-live">{target.userChoice ? 'your choice' : 'export uses'}</span>
                ) : null}
                {candidate.recorded && index !== target.chosen ? (
                  <span className="badge badge-ended">recorded</span>
                ) : null}
                {index === target.recommended ? <span className="badge badge-live">recommended</span> : null}
                {candidate.positional ? <span className="badge badge-warn">positional</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted locator-reason" data-testid="locator-reason">
        {target.reason}
      </p>
    </section>
  );
}

/** One match is what a locator wants; none is an element gone; more is ambiguous. */
const countClass = (count: number | undefined) =>
  count === undefined ? 'muted' : count === 1 ? 'count-one' : count > 1 ? 'count-many' : 'muted';
