import { resolve } from 'node:path';
import type { CliOptions } from '../cli-options';
import { coreConfigFrom } from '../cli-config';
import { InspectorCore } from '../core';
import { parseResponse, renderResponse } from '../../shared/response';
import type { NegotiationRoundEvent } from '../../shared/events';
import { log } from './process';

/** One plain-language step on a page, printed as the tool response (without the snapshot); exit code 1 when it failed. */
export async function runInteract(query: string, options: CliOptions & { url?: string }) {
  const core = new InspectorCore(coreConfigFrom(options));
  const cwd = process.cwd();
  const session = core.createSession('cli', async () => ({
    root: cwd,
    outputDir: resolve(cwd, core.config.outputDir),
  }));
  core.bus.subscribe(event => {
    if (event.type === 'negotiation-round') log(describeRound(event));
  });
  let failed = true;
  try {
    if (options.url) {
      const navigation = await session.callTool('browser_navigate', { url: options.url });
      if (navigation.isError) {
        process.stdout.write(`${textOf(navigation.content)}\n`);
        return;
      }
    }
    const result = await session.callTool('browser_interact', { query });
    const { snapshot: _snapshot, ...sections } = parseResponse(textOf(result.content));
    process.stdout.write(`${renderResponse(sections)}\n`);
    failed = !!result.isError;
  } finally {
    await core.closeSession(session);
    await core.close();
    process.exitCode = failed ? 1 : 0;
  }
}

const textOf = (content: unknown) =>
  (content as { type: string; text?: string }[]).find(part => part.type === 'text')?.text ?? '';

function describeRound(event: NegotiationRoundEvent): string {
  const sent = event.artifacts.map(a => `${a.name} ${(a.bytes / 1024).toFixed(1)} KB`).join(' + ');
  const answer =
    event.answer.kind === 'action'
      ? event.answer.action
      : event.answer.kind === 'needs_context'
        ? `needs ${event.answer.requested.domMode}: ${event.answer.reason ?? 'no reason given'}`
        : `error: ${event.answer.message}`;
  return `round ${event.round} · ${event.domMode} · ${event.nodeCount} nodes · ${sent} → ${answer}`;
}
