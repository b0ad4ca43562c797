import { z } from 'zod';
import type { TargetLocators } from '../../../shared/locators';
import { toolName } from '../markdown';
import { defineTool, sessionArg } from '../tool';

const session = sessionArg();

function targetLines(target: TargetLocators): string[] {
  const chosen = target.candidates[target.chosen];
  const recommended = target.recommended !== undefined ? target.candidates[target.recommended] : undefined;
  const count = (candidate: TargetLocators['candidates'][number]) =>
    candidate.count === undefined ? '' : ` (matches ${candidate.count})`;
  return [
    `- step ${target.seq} ${toolName(target.tool)} ${target.role ?? ''}${target.name ? ` "${target.name}"` : ''} [${target.ref}]`.replace(
      / {2,}/g,
      ' ',
    ),
    `  used: ${chosen?.code ?? '(none)'}${chosen ? count(chosen) : ''}${target.userChoice ? ' (picked by a person)' : ''}`,
    ...(recommended && recommended !== chosen ? [`  recommended: ${recommended.code}${count(recommended)}`] : []),
    `  why: ${target.reason}`,
    ...(target.warning ? [`  warning: ${target.warning}`] : []),
  ];
}

const locators = defineTool({
  name: 'inspector_locators',
  title: 'Locators of a run',
  description:
    'For every element a step acted on: the locator the exported spec uses, the recommended one and why (counted on the recorded page states), and what is wrong with a fragile one.',
  schema: z.strictObject({ session }),
  async answer(args, recordings) {
    const info = await recordings.find(args.session);
    const report = await recordings.read('locatorReport', { sessionId: info.id });
    if (!report.targets.length) return { text: `Session ${info.id}: no step acted on an element.` };
    const warned = report.targets.filter(target => target.warning).length;
    return {
      text: [
        `Session ${info.id}: ${report.targets.length} targets, ${warned} with a warning (test id attribute: ${report.testIdAttribute})`,
        ...report.targets.flatMap(targetLines),
      ].join('\n'),
    };
  },
});

const exportSpec = defineTool({
  name: 'inspector_export',
  title: 'Export a run as a Playwright test',
  description:
    'The run as a @playwright/test spec, exactly as `agent-inspector export` writes it (with the locators a person picked).',
  schema: z.strictObject({ session }),
  async answer(args, recordings) {
    const info = await recordings.find(args.session);
    const exported = await recordings.read('export', { sessionId: info.id });
    return { text: exported.spec, note: `The spec above, as its own text: save it as ${exported.fileName}.` };
  },
});

export default [locators, exportSpec];
