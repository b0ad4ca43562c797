// The scripted agent of bench:context: runs a task's steps on one MCP server and counts what it had to read to act.
//
// A step names its target as `role "name"`; the agent looks for that element's ref in what it has read since the page
// loaded (newest first; a `- removed` line means gone). When the ref is not there, or the server says it is stale, it
// calls browser_snapshot: an extra snapshot, whose text counts in what the agent must read to act.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { call, escapeRegExp } from './support.js';

// A step: `go` a path (a new document), or a tool on a `target` named `role "name"`; `newPage` when it loads one.
export const click = (target, more = {}) => ({ tool: 'browser_click', target, ...more });
export const type = (target, text, more = {}) => ({ tool: 'browser_type', target, args: { text }, ...more });
export const select = (target, value) => ({ tool: 'browser_select_option', target, args: { values: [value] } });

/** Bytes and tokens of a response, and the tokens of its `### Events` section (downloads, the console log file's link). */
export const measure = text => {
  const events = text.split(/^(?=### )/m).find(section => section.startsWith('### Events'));
  return { bytes: Buffer.byteLength(text), tokens: countTokens(text), events: events ? countTokens(events) : 0 };
};
const STALE = /Ref \S+ not found in the current page snapshot/;
const textOf = result =>
  result.content
    .filter(c => c.type === 'text')
    .map(c => c.text)
    .join('\n');

/** The ref of `target` in what the agent has read (newest first), unless the newest mention says it was removed. */
export function known(reading, target) {
  const [, role, name] = target.match(/^(\w+) "(.*)"$/);
  // The name as the snapshot quotes it (names with a quote or a line break are never targets).
  const line = new RegExp(
    `(^|[\\s>:'])${role} ${escapeRegExp(`"${name}"`)}(?: \\[[^\\]]*\\])*? \\[ref=((?:f\\d+)?e\\d+)\\]`,
  );
  for (let i = reading.length - 1; i >= 0; i--) {
    const found = reading[i]
      .split('\n')
      .reverse()
      .find(l => line.test(l));
    if (found) return found.trimStart().startsWith('- removed') ? undefined : found.match(line)[2];
  }
  return undefined;
}

/** Runs one task as the scripted agent; returns per-step costs and the extra snapshots it needed. */
export async function runTask(server, base, task) {
  const steps = [];
  let reading = [];
  const snapshot = async () => {
    const text = await call(server, task.name, 'browser_snapshot', {});
    reading.push(text);
    return measure(text);
  };
  for (const step of task.steps) {
    if (step.go) {
      const text = await call(server, task.name, 'browser_navigate', { url: base + step.go });
      reading = [text];
      steps.push({ label: `navigate ${step.go}`, ...measure(text), snapshots: [] });
      continue;
    }
    const snapshots = [];
    let ref = known(reading, step.target);
    if (!ref) {
      snapshots.push(await snapshot());
      ref = known(reading, step.target);
    }
    const args = { target: ref, ...(step.args ?? {}) };
    let result = await server.client.callTool({ name: step.tool, arguments: args });
    let text = textOf(result);
    if (result.isError && STALE.test(text)) {
      snapshots.push(await snapshot());
      result = await server.client.callTool({
        name: step.tool,
        arguments: { ...args, target: known(reading, step.target) },
      });
      text = textOf(result);
    }
    if (result.isError)
      throw new Error(`[${server.name}] ${task.name}: ${step.tool} ${step.target} failed:\n${text.slice(0, 1500)}`);
    if (step.newPage) reading = [];
    reading.push(text);
    steps.push({ label: `${step.tool.replace('browser_', '')} ${step.target}`, ...measure(text), snapshots });
  }
  return steps;
}

export const sum = (items, key) => items.reduce((total, item) => total + item[key], 0);

/** What the agent read over `steps`: responses, the extra snapshots, and both together ("to act"), in tokens and bytes. */
export const totals = steps => {
  const snapshots = steps.flatMap(step => step.snapshots);
  const responses = { bytes: sum(steps, 'bytes'), tokens: sum(steps, 'tokens') };
  const snapshotTokens = sum(snapshots, 'tokens');
  const snapshotBytes = sum(snapshots, 'bytes');
  return {
    responses,
    events: sum(steps, 'events'),
    snapshots: snapshots.length,
    snapshotTokens,
    snapshotBytes,
    actions: steps.filter(step => !step.label.startsWith('navigate ')).length,
    toAct: responses.tokens + snapshotTokens,
    toActBytes: responses.bytes + snapshotBytes,
  };
};
