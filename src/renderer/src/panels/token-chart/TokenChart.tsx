import { useMemo, useState, type MouseEvent } from 'react';
import type { StepSummary } from '../../../../shared/bridge';
import { TOKEN_ENCODING } from '../../../../shared/tokens';
import { Panel } from '../../components/Panel';
import { useWidth } from '../../components/useWidth';
import { useStore } from '../../store';
import { compactTokens, describeStepTokens } from './format';
import { layoutChart } from './layout';
import { TokenTotalsView } from './TokenTotalsView';

const HEIGHT = 84;
/** Room above the bars for the largest steps' markers and labels. */
const TOP = 18;

/**
 * What the agent received, step by step: a bar per step stacked by response section, the running total on its own
 * scale, the largest steps labelled. Clicking a bar selects its step; a toggle shows totals by section and by tool.
 */
export function TokenChart() {
  const steps = useStore(state => state.opened?.steps);
  const selectedSeq = useStore(state => state.selectedSeq);
  const selectStep = useStore(state => state.selectStep);
  const [showTotals, setShowTotals] = useState(false);
  const [hovered, setHovered] = useState<number>();
  const [width, ref] = useWidth<HTMLDivElement>();
  const layout = useMemo(() => layoutChart(steps ?? [], width, HEIGHT), [steps, width]);
  if (!steps?.length) return null;

  const indexAt = (event: MouseEvent<SVGRectElement>) => {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    return Math.min(steps.length - 1, Math.max(0, Math.floor(x / layout.slotWidth)));
  };
  const selectedIndex = steps.findIndex(step => step.seq === selectedSeq);
  // The hovered index may outlive its step when the session changes under the pointer.
  const hoveredStep = hovered === undefined ? undefined : (steps[hovered] as StepSummary | undefined);
  const shown = hoveredStep ?? (steps[selectedIndex] as StepSummary | undefined);
  const title = `Tokens (${TOKEN_ENCODING}; images estimated)`;
  return (
    <Panel
      title={title}
      className="token-chart-panel"
      testId="token-chart"
      actions={
        <button
          type="button"
          className="icon-button token-chart-toggle"
          aria-pressed={showTotals}
          data-testid="token-totals-toggle"
          title="Totals by section and by tool"
          onClick={() => setShowTotals(!showTotals)}
        >
          Σ
        </button>
      }
    >
      {showTotals ? (
        <TokenTotalsView steps={steps} />
      ) : (
        <div className="token-chart" ref={ref}>
          <div className="token-chart-scale muted">
            <span title="The tallest bar">
              {layout.bars
                ? `max ${compactTokens(layout.maxStep)} / step`
                : 'No counts yet (off with --no-token-count)'}
            </span>
            <span title="The line: tokens received so far">cumulative {compactTokens(layout.total)}</span>
          </div>
          <svg
            width={width}
            height={HEIGHT + TOP}
            role="img"
            aria-label={`${title}: ${layout.total} in ${steps.length} steps`}
            data-testid="token-chart-svg"
            data-steps={steps.length}
            data-bars={layout.bars}
          >
            <g transform={`translate(0 ${TOP})`}>
              {selectedIndex >= 0 ? (
                <rect
                  className="token-chart-selected"
                  x={selectedIndex * layout.slotWidth}
                  width={Math.max(layout.slotWidth, 2)}
                  y={0}
                  height={HEIGHT}
                />
              ) : null}
              <path className="token-chart-floor" d={layout.floor} />
              {layout.sections.map(section => (
                <path key={section.name} d={section.d} fill={section.color} data-section={section.name} />
              ))}
              <path className="token-chart-cumulative" d={layout.cumulative} data-testid="token-chart-cumulative" />
              {layout.largest.map(mark => (
                <g key={mark.seq} className="token-chart-mark" data-testid="token-chart-mark" data-seq={mark.seq}>
                  <path d={`M${mark.x - 3} ${mark.y - 6}h6l-3 4z`} />
                  {mark.labelled ? (
                    <text x={clamp(mark.x, 14, width - 14)} y={mark.y - 8} textAnchor="middle">
                      {compactTokens(mark.tokens)}
                    </text>
                  ) : null}
                </g>
              ))}
              {hovered !== undefined && hoveredStep ? (
                <rect
                  className="token-chart-hover"
                  x={hovered * layout.slotWidth}
                  width={Math.max(layout.slotWidth, 2)}
                  y={0}
                  height={HEIGHT}
                />
              ) : null}
              <rect
                className="token-chart-hit"
                width={width}
                height={HEIGHT}
                data-testid="token-chart-hit"
                onMouseMove={event => setHovered(indexAt(event))}
                onMouseLeave={() => setHovered(undefined)}
                onClick={event => selectStep(steps[indexAt(event)].seq)}
              >
                {hoveredStep ? <title>{hoverTitle(hoveredStep)}</title> : null}
              </rect>
            </g>
          </svg>
          <p className="token-chart-readout" data-testid="token-chart-readout">
            {shown ? (
              <>
                <b>#{shown.seq}</b> {shown.tool.replace(/^browser_/, '')} ·{' '}
                {shown.tokens ? readout(shown) : 'not counted'}
              </>
            ) : (
              '\u00a0'
            )}
          </p>
          <ul className="token-chart-legend">
            {layout.sections.map(section => (
              <li key={section.name}>
                <span className="token-chart-swatch" style={{ background: section.color }} />
                {section.name}
              </li>
            ))}
            <li>
              <span className="token-chart-swatch token-chart-line" />
              cumulative
            </li>
          </ul>
        </div>
      )}
    </Panel>
  );
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

const hoverTitle = (step: StepSummary) =>
  `#${step.seq} ${step.tool}\n${step.tokens ? describeStepTokens(step.tokens) : 'Not counted'}`;

const readout = (step: StepSummary) =>
  [
    `${compactTokens(step.tokens!.total.tokens)} tok`,
    ...step.tokens!.sections.map(section => `${section.name} ${compactTokens(section.tokens)}`),
  ].join(' · ');
