import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Workspace } from '../browser/context';
import { McpBrowserClient } from '../mcp-client';
import { createMcpServer } from '../mcp/server';
import type { McpSession } from '../mcp/session';
import type { ToolHost } from '../mcp/tool-host';
import { describeDrift, Replayer, snapshotDiff } from '../replay';
import type { RecordedSession } from '../sessions/session-reader';
import { VERSION } from '../version';
import { mayChangePage, type RestorePoint } from './restore-point';

/** What a restore did, for the person who forked: the method, how long it took, and what differs from the recording. */
export interface RestoreReport {
  method: RestorePoint['method'];
  ms: number;
  /** Recorded steps replayed (the form input for `state`). */
  replayed: number;
  /** The restore stopped short: the browser is where it got to. */
  failed?: string;
  /** The restored page against the one recorded after the step, beyond volatile text; undefined when they agree. */
  pageDiff?: string;
  notes: string[];
}

/** The report as the person who forked reads it, one line each. */
export function formatRestore(report: RestoreReport): string[] {
  const how = report.method === 'state' ? 'storage state, URL and form input' : 'replaying the steps';
  const replayed = `${report.replayed} step${report.replayed === 1 ? '' : 's'} replayed`;
  const lines = [
    report.failed
      ? `Restoring by ${how} stopped after ${report.ms} ms (${replayed}): ${report.failed}. The browser is where it got to.`
      : `Restored by ${how} in ${report.ms} ms (${replayed}).`,
  ];
  if (report.pageDiff) lines.push(`The restored page differs from the recorded one:\n${report.pageDiff}`);
  return [...lines, ...report.notes];
}

type Call = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

/**
 * Brings a fresh session's browser to the state after the recorded step: the URL (its storage state was loaded with
 * the browser context) and the form input since, or a replay of every step up to it. The calls go through the
 * session unrecorded, driven by the replay engine over an in-memory MCP connection, as a replay's would.
 */
export async function restore(
  session: McpSession,
  recording: RecordedSession,
  point: RestorePoint,
  secrets: Record<string, string>,
): Promise<RestoreReport> {
  return session.prepare(async (call, workspace) => {
    const started = performance.now();
    const client = await connect(session.id, call, workspace);
    const report: RestoreReport = { method: point.method, ms: 0, replayed: 0, notes: [...point.notes] };
    try {
      if (point.url) {
        const opened = await call('browser_navigate', { url: point.url });
        if (opened.isError)
          throw new Error(
            `opening ${point.url} failed: ${
              textOf(opened)
                .replace(/^### Error\n/, '')
                .split('\n')[0]
            }`,
          );
      }
      const wanted = new Set(point.replay);
      const replayer = new Replayer(recording, client, {
        select: step => wanted.has(step.seq),
        // What the recording masked is typed again from the --secrets file or the environment, as `replay` does.
        secret: name => secrets[name] || process.env[name],
      });
      const replay = await replayer.runTo(point.at);
      report.replayed = replay.steps.filter(step => step.status !== 'skipped').length;
      const stopped = replayer.stoppedAt;
      if (stopped) {
        const drift = replay.steps.find(step => step.seq === stopped.seq)?.drift[0];
        report.failed = `step ${stopped.seq} could not be replayed (${drift ? describeDrift(drift) : stopped.reason})`;
      }
      report.pageDiff = await pageDiff(recording, point.at, client);
    } catch (error) {
      report.failed = error instanceof Error ? error.message : String(error);
    } finally {
      report.ms = Math.round(performance.now() - started);
      await client.disconnect();
    }
    return report;
  });
}

/**
 * The recorded page after step `at` against the restored one; undefined when they agree, or when nothing recorded shows
 * that page (the latest snapshot up to it was taken before a call that may have changed the page).
 */
async function pageDiff(recording: RecordedSession, at: number, client: McpBrowserClient): Promise<string | undefined> {
  const upTo = recording.steps.filter(step => step.seq <= at);
  const shown = upTo.findLastIndex(step => step.artifacts.aria);
  if (shown < 0 || upTo.slice(shown + 1).some(mayChangePage)) return undefined;
  const recorded = await recording.ariaSnapshot(upTo[shown]);
  if (recorded === undefined) return undefined;
  return snapshotDiff(recorded, (await client.snapshot()).yaml);
}

/** An MCP client whose calls run on `call`: the replay engine speaks MCP, the session's own calls are in process. */
function connect(id: string, call: Call, workspace: Workspace): Promise<McpBrowserClient> {
  const restoring: ToolHost = {
    id,
    // Only called to be listed; the replay engine calls tools by name.
    listTools: () => [],
    callTool: call,
    close: async () => {},
  };
  return McpBrowserClient.connect(
    {
      name: 'the fork being restored',
      link: async () => {
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        await createMcpServer(
          { config: { outputDir: workspace.outputDir }, createSession: () => restoring, closeSession: async () => {} },
          'fork',
        ).connect(serverSide);
        return clientSide;
      },
    },
    {
      clientInfo: { name: 'agent-inspector-fork', version: VERSION },
      workspace: workspace.root,
      retry: { retries: 0 },
      failureScreenshots: false,
    },
  );
}

const textOf = (result: CallToolResult) =>
  result.content.map(part => (part.type === 'text' ? part.text : '')).join('\n');
