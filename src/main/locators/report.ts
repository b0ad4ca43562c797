import { KIND_LABEL, type LocatorCandidate, type LocatorReport, type TargetLocators } from '../../shared/locators';

/**
 * The locator report as Markdown: per targeted step, a table of the candidates (numbered, as `export --choose` takes
 * them) with their counts where the step acted and after, which one export uses, the recommendation and any warning.
 */
export function formatReport(report: LocatorReport): string {
  const warned = report.targets.filter(target => target.warning).length;
  const lines = [
    `# Locators of session ${report.sessionId}`,
    '',
    `${report.targets.length} targeted element(s), ${warned} with a warning. getByTestId reads \`${report.testIdAttribute}\`. ` +
      'Counts are of the page the step acted on, then of each following recorded state of the same document.',
  ];
  for (const target of report.targets) lines.push('', ...formatTarget(target));
  return `${lines.join('\n')}\n`;
}

function formatTarget(target: TargetLocators): string[] {
  const what = target.role ? ` ${target.role}${target.name ? ` "${target.name}"` : ''}` : '';
  return [
    `## Step ${target.seq}${target.target ? `, target ${target.target + 1}` : ''}: ${target.tool}${what} (${target.ref})`,
    '',
    ...(target.warning ? [`> **Warning:** ${target.warning}`, ''] : []),
    '| # | Candidate | Kind | At the step | After | |',
    '|---|---|---|---|---|---|',
    ...target.candidates.map(
      (candidate, index) =>
        `| ${index + 1} | \`${candidate.code.replace(/\|/g, '\\|')}\` | ${KIND_LABEL[candidate.kind]} | ${candidate.count ?? '–'} | ${later(candidate)} | ${notes(target, index)} |`,
    ),
    '',
    `${target.recommended !== undefined ? `Recommended: ${target.recommended + 1}. ` : ''}${target.reason}`,
  ];
}

const later = (candidate: LocatorCandidate) =>
  candidate.later.map(state => `${state.count} (step ${state.seq})`).join(', ') || '–';

function notes(target: TargetLocators, index: number): string {
  const notes: string[] = [];
  if (index === target.chosen) notes.push(target.userChoice ? '**export uses (your choice)**' : '**export uses**');
  if (target.candidates[index].recorded) notes.push('recorded');
  if (index === target.recommended) notes.push('recommended');
  if (target.candidates[index].positional) notes.push('positional');
  return notes.join(', ');
}
