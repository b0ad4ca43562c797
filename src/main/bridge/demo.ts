import type { Workspace } from '../browser/context';
import type { InspectorCore } from '../core';
import type { ToolHost } from '../mcp/tool-host';
import type { InspectorStatus } from '../../shared/bridge';

/** The demo's steps: a page load, then plain-language steps the built-in planner turns into actions (no network). */
const SCENARIO: { tool: string; args: (base: string) => Record<string, unknown> }[] = [
  { tool: 'browser_navigate', args: base => ({ url: `${base}/demo/` }) },
  { tool: 'browser_interact', args: () => ({ query: 'Type "ada@example.com" into Email' }) },
  { tool: 'browser_interact', args: () => ({ query: 'Type "correct horse" into Password' }) },
  { tool: 'browser_interact', args: () => ({ query: 'Click the Sign in button' }) },
  { tool: 'browser_interact', args: () => ({ query: 'Type "Review the agent run" into New task' }) },
  { tool: 'browser_interact', args: () => ({ query: 'Click the Add task button' }) },
  { tool: 'browser_interact', args: () => ({ query: 'Check Update the release notes' }) },
  { tool: 'browser_snapshot', args: () => ({}) },
];
/** A beat between steps, so someone watching sees the timeline grow rather than appear at once. */
const PAUSE_MS = 300;

type DemoState = InspectorStatus['demo'];

/**
 * "Run demo": drives the bundled demo site through SCENARIO in a session of its own, through the same tool layer
 * as any agent, so every panel fills. The session stays open afterwards, so its page can still be highlighted.
 */
export class DemoRunner {
  state: DemoState = { state: 'idle' };
  private session?: ToolHost;

  constructor(
    private readonly core: InspectorCore,
    private readonly workspace: Workspace,
    private readonly onChange: () => void,
  ) {}

  /** Starts the demo and returns its session id at once; progress arrives as ordinary events. */
  async start(baseUrl: string): Promise<string> {
    if (this.state.state === 'running') throw new Error('The demo is already running.');
    if (this.core.config.upstream)
      throw new Error('The demo needs the built-in browser tools; it is not available in proxy mode (--upstream).');
    if (!baseUrl) throw new Error('The demo site is not served yet: the HTTP server has not started.');
    if (this.session) await this.core.closeSession(this.session);
    const session = this.core.createSession('demo', async () => this.workspace, 'Agent Inspector demo');
    this.session = session;
    this.set({ state: 'running', sessionId: session.id });
    void this.run(session, baseUrl);
    return session.id;
  }

  private async run(session: ToolHost, baseUrl: string) {
    try {
      for (const step of SCENARIO) {
        const result = await session.callTool(step.tool, step.args(baseUrl));
        if (result.isError) {
          const text = result.content.map(part => (part.type === 'text' ? part.text : '')).join('\n');
          throw new Error(`${step.tool} failed: ${text.replace(/^### Error\n/, '').split('\n')[0]}`);
        }
        await new Promise(resolve => setTimeout(resolve, PAUSE_MS));
      }
      this.set({ state: 'done', sessionId: session.id });
    } catch (error) {
      this.set({
        state: 'failed',
        sessionId: session.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  private set(state: DemoState) {
    this.state = state;
    this.onChange();
  }
}
