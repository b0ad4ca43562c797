import { stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from 'playwright';
import type { z } from 'zod';
import type { BridgeEvent, BridgeOutput, BRIDGE_INPUTS } from '../../shared/bridge';
import type { CoreConfig } from '../config';
import type { RecordedSession } from '../sessions/session-reader';
import { runUserCode } from './code-runner';
import { ReplayController, type ReplaySource } from './replay-controller';
import { SessionTransfers, zipFileName } from './session-transfer';

/** The desktop app's native dialogs; web mode has none. */
export interface DesktopDialogs {
  /** A session folder or .zip the user picked; undefined when cancelled. */
  chooseSession(kind: 'folder' | 'zip'): Promise<string | undefined>;
  /** Where to save a file of this name; undefined when cancelled. */
  chooseSaveFile(defaultName: string, filter: { name: string; extensions: string[] }): Promise<string | undefined>;
}

/** What these commands need of the bridge host, read when a command runs (the host builds them before its fields). */
export interface SessionCommandsHost {
  config: CoreConfig;
  emit(event: BridgeEvent): void;
  /** The session as a recording (a live one from its folder or from memory), and whether it is still running. */
  recording(sessionId: string): Promise<ReplaySource>;
  /** The session's recorded folder, flushed; throws when it has none. */
  folder(sessionId: string): Promise<string>;
  /** The current page of a live session of this process. */
  livePage(sessionId: string): Page | undefined;
  /** Lists a session folder and returns its id. */
  addSessionFolder(dir: string): Promise<string>;
  dialogs?: DesktopDialogs;
  /** The bridge answers beyond this machine (see BridgeHostOptions.exposed). */
  exposed: boolean;
}

type Command =
  | 'replayState'
  | 'replayStep'
  | 'replayTo'
  | 'replayAll'
  | 'replayStop'
  | 'replayReset'
  | 'replayScreenshot'
  | 'compareReplay'
  | 'replaySecrets'
  | 'runCode'
  | 'zipSession'
  | 'readTransfer'
  | 'importBegin'
  | 'importChunk'
  | 'importFinish'
  | 'openSessionPath'
  | 'openSessionDialog'
  | 'saveSpec'
  | 'saveSessionZip';
type Handlers = { [C in Command]: (input: z.output<(typeof BRIDGE_INPUTS)[C]>) => Promise<BridgeOutput<C>> };

/**
 * The bridge commands of replay, running edited code, and moving sessions in and out (zip export, import, open by
 * path or dialog). Kept apart from BridgeHost, which spreads `handlers` into its own.
 */
export class SessionCommands {
  private replayController?: ReplayController;
  private transferStore?: SessionTransfers;

  constructor(private readonly host: () => SessionCommandsHost) {}

  readonly handlers: Handlers = {
    replayState: async ({ sessionId }) => this.replays.view(sessionId),
    replayStep: async ({ sessionId }) => this.replays.start(sessionId, { kind: 'next' }),
    replayTo: async ({ sessionId, seq }) => this.replays.start(sessionId, { kind: 'to', seq }),
    replayAll: async ({ sessionId }) => this.replays.start(sessionId, { kind: 'all' }),
    replayStop: async ({ sessionId }) => this.replays.stop(sessionId) ?? null,
    replayReset: async ({ sessionId }) => this.replays.reset(sessionId),
    replayScreenshot: async ({ sessionId, seq }) => this.replays.screenshot(sessionId, seq),
    compareReplay: async ({ sessionId }) => this.replays.comparison(sessionId),
    replaySecrets: async ({ sessionId, values }) => this.replays.provideSecrets(sessionId, values),
    runCode: async ({ sessionId, code }) => this.runCode(sessionId, code),
    zipSession: async ({ sessionId }) => this.transfers.zip(await this.host().folder(sessionId)),
    readTransfer: async ({ transferId, offset }) => this.transfers.read(transferId, offset),
    importBegin: async ({ name, size }) => this.transfers.beginUpload(name, size),
    importChunk: async ({ uploadId, offset, base64 }) => this.transfers.uploadChunk(uploadId, offset, base64),
    importFinish: async ({ uploadId }) => ({
      sessionId: await this.host().addSessionFolder(await this.transfers.finishUpload(uploadId)),
    }),
    openSessionPath: async ({ path }) => ({ sessionId: await this.openPath(path) }),
    openSessionDialog: async ({ kind }) => {
      const path = await this.dialogs().chooseSession(kind);
      return path ? { sessionId: await this.openPath(path) } : null;
    },
    saveSpec: async ({ fileName, content }) => {
      const path = await this.dialogs().chooseSaveFile(fileName, { name: 'Playwright test', extensions: ['ts'] });
      if (!path) return null;
      await writeFile(path, content);
      return { path };
    },
    saveSessionZip: async ({ sessionId }) => {
      const dir = await this.host().folder(sessionId);
      const path = await this.dialogs().chooseSaveFile(zipFileName(dir), {
        name: 'Session archive',
        extensions: ['zip'],
      });
      if (!path) return null;
      await this.transfers.saveZip(dir, path);
      return { path };
    },
  };

  /** A replay's own recording, by its session id: the B of compareReplay, not listed among the sessions. */
  replayedSession(id: string): RecordedSession | undefined {
    return this.replayController?.replayedSession(id);
  }

  async close(): Promise<void> {
    await this.replayController?.close();
    await this.transferStore?.close();
  }

  private get replays(): ReplayController {
    const host = this.host();
    return (this.replayController ??= new ReplayController(
      host.config,
      event => this.host().emit(event),
      id => this.host().recording(id),
    ));
  }

  private get transfers(): SessionTransfers {
    return (this.transferStore ??= new SessionTransfers(this.host().config.sessionDir));
  }

  private dialogs(): DesktopDialogs {
    const { dialogs } = this.host();
    if (!dialogs)
      throw new Error(
        'Native dialogs exist only in the desktop app; in web mode, give a path or drop the file on the window.',
      );
    return dialogs;
  }

  /** Code and local paths from the UI act with this process's rights: not for whoever can reach an exposed server. */
  private guard(what: string) {
    const { exposed, config } = this.host();
    if (exposed && !config.allowUnsafeCode) {
      throw new Error(
        `${what} is refused: this inspector answers beyond this machine (--host / --allowed-hosts). Start it with --allow-unsafe-code to allow it.`,
      );
    }
  }

  /** A live session runs the code on its own page; a recording (or an ended session) on the replay browser's. */
  private async runCode(sessionId: string, code: string) {
    this.guard('Running code from the inspector');
    const host = this.host();
    const page = host.livePage(sessionId);
    if (page && !page.isClosed()) return runUserCode(code, page, "the live session's page");
    return this.replays.runCode(sessionId, code);
  }

  /** A session folder, or a .zip unpacked beside the recordings first. */
  private async openPath(path: string): Promise<string> {
    this.guard('Opening a local path from the inspector');
    const absolute = resolve(path);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) throw new Error(`${absolute} does not exist.`);
    const dir = info.isDirectory() ? absolute : await this.transfers.importFile(absolute);
    return this.host().addSessionFolder(dir);
  }
}
