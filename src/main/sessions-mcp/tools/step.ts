import { z } from 'zod';
import type { AriaChange } from '../../../shared/aria-diff';
import type { StepDiff } from '../../../shared/bridge';
import { duration, fenced, targetOf, toolName } from '../markdown';
import type { Recordings } from '../recordings';
import { defineTool, sessionArg, type ToolAnswer } from '../tool';

/** Characters of a long text (a response with its snapshot, a DOM diff) per answer; the rest is a call away. */
const TEXT_PAGE = 20_000;
/** Console and network entries listed per step. */
const ENTRIES = 50;

/** A page of a long text, and the line that says how to read on. */
function paged(text: string, offset: number, argument: string): string {
  if (offset >= text.length && text.length)
    return `(the text is ${text.length} characters: ${argument} ${offset} is past its end)`;
  const part = text.slice(offset, offset + TEXT_PAGE);
  const rest = text.length - offset - part.length;
  return [
    offset ? `(characters ${offset}–${offset + part.length} of ${text.length})` : '',
    fenced(part),
    rest > 0 ? `… ${rest} more characters: call again with ${argument}: ${offset + part.length}.` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

const ariaLine = (change: AriaChange) => {
  const mark = change.kind === 'added' ? '+' : change.kind === 'removed' ? '-' : '~';
  const node = `${change.role}${change.name ? ` "${change.name}"` : ''}`;
  const texts = change.kind === 'changed' ? `: ${change.before ?? ''} → ${change.after ?? ''}` : '';
  return `${mark} ${node}${texts}${change.parent ? ` (in ${change.parent})` : ''}`;
};

function diffSection(diff: StepDiff, offset: number): string {
  const dom = diff.dom
    ? `DOM, step ${diff.domFrom} → ${diff.domTo}:\n${paged(diff.dom, offset, 'diff_offset')}`
    : `DOM: ${diff.domNote}`;
  const changes = diff.aria ?? [];
  const aria = diff.aria
    ? `Aria tree, step ${diff.ariaFrom} → ${diff.ariaTo}: ${changes.length} change${changes.length === 1 ? '' : 's'}\n${changes.slice(0, 200).map(ariaLine).join('\n')}${changes.length > 200 ? `\n… ${changes.length - 200} more` : ''}`
    : `Aria tree: ${diff.ariaNote}`;
  return `### Diff\n${dom}\n\n${aria}`;
}

async function stepAnswer(
  recordings: Recordings,
  args: {
    session: string;
    step: number;
    include?: ('screenshot' | 'snapshot' | 'diff')[];
    response_offset?: number;
    diff_offset?: number;
  },
): Promise<ToolAnswer> {
  const info = await recordings.find(args.session);
  const sessionId = info.id;
  const include = new Set(args.include ?? []);
  const [detail, activity] = await Promise.all([
    recordings.read('getStep', { sessionId, seq: args.step }),
    recordings.read('stepActivity', { sessionId, seq: args.step }),
  ]);
  const { step } = detail;
  const text = detail.content
    .filter(item => item.type === 'text')
    .map(item => item.text)
    .join('\n\n');
  const sections = [
    `## Step ${args.step} of ${info.steps} · ${toolName(step.tool)} ${targetOf(step)} · ${step.outcome === 'error' ? '✗ failed' : 'ok'} · ${duration(step.endedAt - step.startedAt)}`,
    `Session ${sessionId}${step.url ? ` · page ${step.url}` : ''}${step.actor === 'human' ? ' · done by a person' : ''}`,
    `### Arguments\n${fenced(JSON.stringify(step.args, null, 2), 'json')}`,
    `### Response, exactly as the agent received it${detail.content.some(item => item.type === 'image') ? ' (and an image)' : ''}\n${paged(text, args.response_offset ?? 0, 'response_offset')}`,
  ];
  const console = activity.console
    .slice(0, ENTRIES)
    .map(
      entry =>
        `- [${entry.kind === 'pageerror' ? 'page error' : entry.level}]${entry.between ? ' (before the step)' : ''} ${entry.text.replace(/\s+/g, ' ').slice(0, 300)}${entry.location ? ` (${entry.location})` : ''}`,
    );
  const network = activity.network
    .slice(0, ENTRIES)
    .map(
      entry =>
        `- ${entry.method} ${entry.failure ? `failed: ${entry.failure}` : entry.pending ? 'pending' : entry.status} ${entry.url.slice(0, 300)}${entry.resourceType ? ` (${entry.resourceType})` : ''}`,
    );
  const more = (shown: number, all: number, dropped: number) =>
    all + dropped > shown ? [`… ${all + dropped - shown} more not listed`] : [];
  sections.push(
    `### Console (${activity.console.length + activity.dropped.console})\n${[...console, ...more(console.length, activity.console.length, activity.dropped.console)].join('\n') || 'nothing logged'}`,
  );
  sections.push(
    `### Network (${activity.network.length + activity.dropped.network})\n${[...network, ...more(network.length, activity.network.length, activity.dropped.network)].join('\n') || 'no requests'}${activity.note ? `\n${activity.note}` : ''}`,
  );
  if (include.has('snapshot')) {
    sections.push(
      detail.aria
        ? `### Aria snapshot${detail.aria.seq !== args.step ? ` (from step ${detail.aria.seq}, the latest before)` : ''}\n${fenced(detail.aria.yaml, 'yaml')}`
        : '### Aria snapshot\nnone recorded up to this step',
    );
  }
  if (include.has('diff'))
    sections.push(diffSection(await recordings.read('stepDiff', { sessionId, seq: args.step }), args.diff_offset ?? 0));
  const images = include.has('screenshot')
    ? ([detail.before, detail.screenshot].filter(image => image?.base64) as { mimeType: string; base64: string }[])
    : [];
  if (include.has('screenshot')) {
    sections.push(
      `### Screenshots\n${[detail.before?.base64 && 'Before (the viewport before the call acted)', detail.screenshot?.base64 && 'After'].filter(Boolean).join(', then ') || 'none recorded for this step'}`,
    );
  }
  return { text: sections.join('\n\n'), images: images.map(({ mimeType, base64 }) => ({ mimeType, base64 })) };
}

const step = defineTool({
  name: 'inspector_step',
  title: 'One step of a run',
  description:
    'A step\'s arguments, the exact response text the agent received, and its console and network entries. include adds "screenshot" (Before and After images), "snapshot" (the aria tree) or "diff" (what the step changed in the DOM and the aria tree).',
  schema: z.strictObject({
    session: sessionArg(),
    step: z
      .number()
      .int('step must be a whole number')
      .positive('step counts from 1')
      .describe('The step number, as the outline shows it'),
    include: z
      .array(z.enum(['screenshot', 'snapshot', 'diff']))
      .max(3)
      .optional()
      .describe('More to add'),
    response_offset: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe('Read the response from this character on (long responses are paged)'),
    diff_offset: z.number().int().nonnegative().optional().describe('Read the DOM diff from this character on'),
  }),
  answer: (args, recordings) => stepAnswer(recordings, args),
});

export default [step];
export { stepAnswer };
