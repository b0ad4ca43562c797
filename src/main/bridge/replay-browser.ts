import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Page } from 'playwright';
import type { StepImage } from '../../shared/bridge';
import type { CoreConfig } from '../config';
import { InspectorCore } from '../core';
import { createMcpServer } from '../mcp/server';
import { McpSession } from '../mcp/session';
import { McpBrowserClient } from '../mcp-client';
import { LookupCountingClient } from '../replay';
import { openSession, type RecordedSession } from '../sessions/session-reader';
import { VERSION } from '../version';

let connections = 0;

/** One replay's connection: an MCP client on a session of its own (its own browser context) in the replay browser. */
export interface ReplayConnection {
  /** Every call of the replay goes through it, so its recording's lookups are known (see compareReplay). */
  client: LookupCountingClient;
  /** The page the replay is on now, for running code on it. */
  page(): Page | undefined;
  /** How many screenshots the replay core has taken so far (a mark for screenshotSince). */
  screenshotCount(): number;
  /** The viewport after the latest call of `tool` (or any call) since the mark: the replay core takes one after each page tool call. */
  screenshotSince(mark: number, tool: string): StepImage | undefined;
  /** The replay as a session of its own, recorded up to its latest call, to compare with the recording it replays. */
  recording(): Promise<RecordedSession | undefined>;
  /** Ends the replay's session and deletes its recording. */
  close(): Promise<void>;
}

/**
 * The browser replays run on: a second InspectorCore in this process, with a headless Chromium of its own, so a
 * replay never touches the browser agents drive (nor their recordings: its events stay on its own bus, and it records
 * each replay into its scratch folder, as `agent-inspector replay` does, to be compared with the recording). Replays
 * connect to it in memory through the same MCP client the `replay` command uses.
 */
export class ReplayBrowser {
  private core?: InspectorCore;
  private scratch?: Promise<string>;

  constructor(private readonly agentConfig: CoreConfig) {}

  async connect(): Promise<ReplayConnection> {
    const scratch = await (this.scratch ??= mkdtemp(join(tmpdir(), 'agent-inspector-replay-')));
    const core = (this.core ??= new InspectorCore({
      ...this.agentConfig,
      // Always launched, always headless: never attached to the agents' browser over CDP or a Playwright server.
      browser: { ...this.agentConfig.browser, headless: true, cdpEndpoint: undefined, wsEndpoint: undefined },
      upstream: undefined,
      sessionDir: join(scratch, 'sessions'),
      // Each action answers with the whole page, as for `agent-inspector replay`: targets are found again in it,
      // with no extra browser_snapshot calls that would show in the replay's recording as steps of its own.
      snapshotMode: 'inline',
      saveTrace: undefined,
      domState: false,
      // Only the replayed pages are looked at, not what the replay's calls cost in tokens.
      tokenCount: false,
      humanSteps: false,
      stepScreenshots: true,
      outputDir: join(scratch, 'output'),
    }));
    // Replays of several sessions may connect at once: each knows its MCP session by the client name it gives.
    const clientName = `agent-inspector-replay-${++connections}`;
    let sessionId: string | undefined;
    /** Where the core records this replay (known once its session started; the recorder forgets it when it ends). */
    let folder: string | undefined;
    let count = 0;
    const latest = new Map<string, { n: number; image: StepImage }>();
    const unsubscribe = core.bus.subscribe(event => {
      if (event.type === 'session-started' && event.clientName === clientName) sessionId = event.sessionId;
      if (event.sessionId === sessionId) folder ??= core.recorder?.folderOf(sessionId);
      if (event.type === 'tool-call' && event.sessionId === sessionId && event.screenshot) {
        const shot = { n: ++count, image: event.screenshot };
        latest.set(event.tool, shot).set('*', shot);
      }
    });
    let client: McpBrowserClient;
    try {
      // One retry: a replay should report a flaky step, not hide it behind the client's default backoff.
      client = await McpBrowserClient.connect(
        {
          name: 'the replay browser',
          link: async () => {
            const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
            await createMcpServer(core, 'replay').connect(serverSide);
            return clientSide;
          },
        },
        {
          clientInfo: { name: clientName, version: VERSION },
          workspace: scratch,
          retry: { retries: 1, baseDelay: 1000 },
          failureScreenshots: false,
        },
      );
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return {
      client: new LookupCountingClient(client),
      page: () => {
        const session = sessionId ? core.session(sessionId) : undefined;
        return session instanceof McpSession ? session.pages().current : undefined;
      },
      screenshotCount: () => count,
      // The step's own call's screenshot; else (it took none) whatever the replay took since, e.g. a fresh snapshot's.
      screenshotSince: (mark, tool) => [latest.get(tool), latest.get('*')].find(shot => shot && shot.n > mark)?.image,
      recording: async () => {
        // A call is answered once its record is on disk; the flush covers the session's start.
        await core.recorder?.flush();
        return folder ? openSession(folder) : undefined;
      },
      close: async () => {
        unsubscribe();
        await client.disconnect();
        await core.recorder?.flush();
        if (folder) await rm(folder, { recursive: true, force: true });
      },
    };
  }

  async close(): Promise<void> {
    await this.core?.close();
    this.core = undefined;
    const scratch = await this.scratch?.catch(() => undefined);
    this.scratch = undefined;
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
}
