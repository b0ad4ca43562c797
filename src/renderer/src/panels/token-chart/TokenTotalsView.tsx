import { useMemo } from 'react';
import type { StepSummary } from '../../../../shared/bridge';
import { compactTokens } from './format';
import { sectionColor, tokenTotals } from './layout';

/** The session's tokens by response section and by tool, largest first. */
export function TokenTotalsView({ steps }: { steps: readonly StepSummary[] }) {
  const totals = useMemo(() => tokenTotals(steps), [steps]);
  const all = totals.byTool.reduce((sum, tool) => sum + tool.tokens, 0);
  if (!totals.counted) return <p className="empty">No step has a token count yet.</p>;
  const share = (tokens: number) => {
    const percent = (tokens / Math.max(all, 1)) * 100;
    return tokens > 0 && percent < 1 ? '<1%' : `${Math.round(percent)}%`;
  };
  return (
    <div className="token-totals" data-testid="token-totals">
      <p className="muted">
        {compactTokens(all)} tokens in {totals.counted} counted of {steps.length} steps
      </p>
      <table data-testid="token-totals-sections">
        <thead>
          <tr>
            <th scope="col">Section</th>
            <th scope="col">Tokens</th>
            <th scope="col">Bytes</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {totals.bySection.map(section => (
            <tr key={section.name} data-section={section.name}>
              <th scope="row">
                <span className="token-chart-swatch" style={{ background: sectionColor(section.name) }} />
                {section.name}
              </th>
              <td title={`${section.tokens.toLocaleString('en-US')} tokens`}>
                {section.estimate ? '≈' : ''}
                {compactTokens(section.tokens)}
              </td>
              <td title={`${section.bytes.toLocaleString('en-US')} bytes`}>{compactTokens(section.bytes)}</td>
              <td>{share(section.tokens)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table data-testid="token-totals-tools">
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">Calls</th>
            <th scope="col">Tokens</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {totals.byTool.map(tool => (
            <tr key={tool.tool} data-tool={tool.tool}>
              <th scope="row">{tool.tool.replace(/^browser_/, '')}</th>
              <td>{tool.calls}</td>
              <td title={`${tool.tokens.toLocaleString('en-US')} tokens`}>{compactTokens(tool.tokens)}</td>
              <td>{share(tool.tokens)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
