import type { Workspace } from '../browser/context';
import type { InspectorCore } from '../core';
import { formatRestore, restore } from '../fork/restore';
import { restorePoint } from '../fork/restore-point';
import { McpSession } from '../mcp/session';
import type { RecordedSession } from '../sessions/session-reader';

/**
 * "Fork from here": a live session in this process that continues a recording from a step, restored as
 * `agent-inspector fork` restores one, and recorded as its fork. It stays open for the person to take over (the
 * headed browser, Run code); an agent continues a fork through `agent-inspector fork`, whose command the answer gives.
 */
export class ForkSessions {
  constructor(
    private readonly core: InspectorCore,
    private readonly workspace: Workspace,
  ) {}

  async fork(
    recording: RecordedSession,
    seq: number,
  ): Promise<{ sessionId: string; report: string[]; command?: string }> {
    if (this.core.config.upstream)
      throw new Error('A fork needs the built-in browser tools; it is not available in proxy mode (--upstream).');
    const point = restorePoint(recording, seq, 'auto');
    const origin = { session: recording.meta.id, step: seq };
    const created = this.core.createSession('fork', async () => this.workspace, `fork of step ${seq}`, {
      origin,
      storageState: point.storageState,
    });
    // The restore runs on the session itself, ahead of the agent's calls and under no debugger's stage.
    const session = this.core.session(created.id);
    if (!(session instanceof McpSession)) throw new Error('A fork needs the built-in browser tools.');
    const report = await restore(session, recording, point, this.core.config.secrets);
    return {
      sessionId: session.id,
      report: formatRestore(report),
      ...(recording.dir && { command: `agent-inspector fork ${JSON.stringify(recording.dir)} --at ${seq}` }),
    };
  }
}
