import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliOptions } from '../cli-options';
import { coreConfigFrom } from '../cli-config';
import { InspectorCore } from '../core';
import { DomProcessorService } from '../dom-processor/dom-processor';
import { StateFormatterService } from '../dom-processor/state-formatter';
import { McpSession } from '../mcp/session';
import { ScenarioParserOrchestrator, scenarioServices } from '../scenario/orchestrator';
import { PlaywrightBridgeService } from '../scenario/playwright-bridge';
import { readScenario } from '../scenario/scenario-file';
import type { TestStep } from '../scenario/types';
import { log } from './process';

/** A core and a session of its own, closed whatever happens in `body`. */
async function withSession<T>(
  options: CliOptions,
  body: (core: InspectorCore, session: McpSession) => Promise<T>,
): Promise<T> {
  const core = new InspectorCore(coreConfigFrom(options));
  const cwd = process.cwd();
  const session = core.createSession('scenario', async () => ({
    root: cwd,
    outputDir: resolve(cwd, core.config.outputDir),
  }));
  try {
    // The parser reads the pages of the controlled browser, which only our own tool layer has.
    if (!(session instanceof McpSession))
      throw new Error("scenario runs on the inspector's own browser, not through an upstream server.");
    return await body(core, session);
  } finally {
    await core.closeSession(session);
    await core.close();
  }
}

/**
 * `agent-inspector scenario <file> [-o out.spec.ts]`: carries out a scenario step by step through the planner, prints
 * each step (stderr) and writes the @playwright/test spec; exit code 1 at the first step that fails.
 */
export async function runScenario(file: string, options: CliOptions & { output?: string; viewportExpansion?: number }) {
  const scenario = await readScenario(file);
  const result = await withSession(options, (core, session) =>
    new ScenarioParserOrchestrator(scenarioServices(core, session), {
      viewportExpansion: options.viewportExpansion,
      onStep: step => log(describeStep(step)),
    }).parse(scenario),
  );
  const passed = result.steps.filter(step => step.outcome === 'passed' && step.number > 0).length;
  if (!result.success) {
    log(
      `\n${result.failure!.message}\n${passed} of ${scenario.actions.length} steps passed; the run stopped at step ${result.failure!.number}. No spec written.`,
    );
    process.exitCode = 1;
    return;
  }
  log(`\nAll ${scenario.actions.length} steps passed.`);
  if (!options.output) {
    process.stdout.write(result.spec);
    return;
  }
  await writeFile(options.output, result.spec);
  log(`Wrote ${options.output}. Run it with: npx playwright test ${options.output}`);
}

function describeStep(step: TestStep): string {
  const label = step.number === 0 ? step.text : `${step.number}. ${step.text}`;
  if (step.outcome === 'failed') return `✗ ${label}`;
  const code = step.calls
    .map(call => call.code)
    .filter(Boolean)
    .join(' ')
    .replace(/\s*\n\s*/g, ' ');
  return `✓ ${label} (${step.durationMs} ms)${code ? `\n    ${code}` : step.thought ? `\n    ${step.thought}` : ''}`;
}

/**
 * The hidden `dom-processor <url>` command (debugging and `npm run bench:dom-processor`): opens the page through a
 * session like the scenario parser does, runs the extraction `iterations` times and formats the last result; with
 * --aria, also times the aria snapshot of the same page in the same browser for comparison. --json prints the
 * timings and sizes; otherwise the formatted DOM.
 */
export async function runDomProcessor(
  url: string,
  options: CliOptions & { viewportExpansion?: number; iterations?: number; aria?: boolean; json?: boolean },
) {
  await withSession(options, async (core, session) => {
    const bridge = new PlaywrightBridgeService(session, core.bus);
    await bridge.navigateTo(url);
    const processor = new DomProcessorService(bridge);
    const formatter = new StateFormatterService();
    const runs = [];
    let text = '';
    let indexed = 0;
    for (let i = 0; i < (options.iterations ?? 1); i++) {
      const started = performance.now();
      const state = await processor.getDomState({ viewportExpansion: options.viewportExpansion });
      const extracted = performance.now();
      text = formatter.formatDomForLLM(state.domTree);
      runs.push({
        extractMs: round(extracted - started),
        formatMs: round(performance.now() - extracted),
        ...state.timings,
      });
      indexed = Object.keys(state.selectorMap).length;
    }
    const aria = [];
    let ariaBytes = 0;
    for (let i = 0; options.aria && i < (options.iterations ?? 1); i++) {
      const started = performance.now();
      const snapshot = await (await bridge.getPage()).ariaSnapshot({ mode: 'ai', timeout: 60_000 });
      aria.push(round(performance.now() - started));
      ariaBytes = Buffer.byteLength(snapshot);
    }
    if (!options.json) {
      process.stdout.write(`${text}\n`);
      return;
    }
    process.stdout.write(
      `${JSON.stringify({ url, indexed, formattedBytes: Buffer.byteLength(text), runs, ...(options.aria && { aria, ariaBytes }) })}\n`,
    );
  });
}

const round = (ms: number) => Math.round(ms * 10) / 10;
