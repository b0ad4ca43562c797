import type { StateCreator } from 'zustand';
import type { InspectorStatus, OpenedSession, SessionInfo, StepDetail } from '../../../shared/bridge';
import type { AriaNode } from '../../../shared/aria-tree';
import type { ReportInfo } from '../../../shared/report';
import type { ActivitySlice } from './activity';
import type { AgentSlice } from './agent';
import type { LocatorsSlice } from './locators';
import type { NegotiationSlice } from './negotiation';
import type { ReplaySlice } from './replay';
import type { CompareSlice } from './compare';
import type { DebuggerSlice } from './debugger';
import type { ForkSlice } from './fork';
import type { SearchSlice } from './search';
import type { TransferSlice } from './transfer';

export interface Toast {
  id: number;
  kind: 'error' | 'info';
  text: string;
}

/** The tabs of the step details area (panels/detail/DetailPanel.tsx). */
export type DetailTab =
  | 'response'
  | 'model'
  | 'code'
  | 'dom-diff'
  | 'console'
  | 'network'
  | 'negotiation'
  | 'locators'
  | 'state-files'
  | 'replay'
  | 'run-code';

export interface UiSlice {
  theme: 'light' | 'dark';
  toggleTheme(): void;
  toasts: Toast[];
  toast(text: string, kind?: Toast['kind']): void;
  dismissToast(id: number): void;
  /** The link to the core (always up in the desktop app; web mode's WebSocket can drop). */
  connected: boolean;
  /**
   * Signed in with a read-only (viewer) link: the core refuses every acting command, so the UI does not offer them.
   */
  readOnly: boolean;
  /** The UI runs as a static report (agent-inspector report): what needs a running inspector is not offered at all. */
  report?: ReportInfo;
  detailTab: DetailTab;
  setDetailTab(tab: DetailTab): void;
  /**
   * Which screenshot the page view shows: the page before the step acted or after it, or (a live session) as it is
   * now; undefined until the user picks, showing Now while a call is held, else Before when the step acted on an
   * element (its box is drawn there) and After otherwise.
   */
  pageShot?: 'before' | 'after' | 'now';
  setPageShot(shot: 'before' | 'after' | 'now'): void;
  /** The detail tabs take the whole workspace (page view and tree hidden). */
  detailExpanded: boolean;
  toggleDetailExpanded(): void;
}

export interface SessionsSlice {
  status?: InspectorStatus;
  sessions: SessionInfo[];
  /** The session every panel shows; undefined shows how to connect an agent. */
  openSessionId?: string;
  opened?: OpenedSession;
  refreshStatus(): Promise<void>;
  refreshSessions(): Promise<void>;
  openSession(id: string | undefined): Promise<void>;
  runDemo(): Promise<void>;
  setBrowser(running: boolean): Promise<void>;
}

export interface StepsSlice {
  selectedSeq?: number;
  /** Selecting the newest step as new ones arrive: on until the user picks an older one. */
  follow: boolean;
  detail?: StepDetail;
  selectStep(seq: number | undefined): void;
  moveSelection(delta: number): void;
}

export interface TreeSlice {
  nodes: AriaNode[];
  /** Which step's snapshot the tree shows (the selected step's, or the nearest earlier one). */
  treeSeq?: number;
  collapsed: ReadonlySet<number>;
  filter: string;
  selectedNode?: number;
  setFilter(filter: string): void;
  toggleNode(index: number, open?: boolean): void;
  selectNode(index: number | undefined): void;
  hoverNode(index: number | undefined): void;
}

export type Store = UiSlice &
  SessionsSlice &
  StepsSlice &
  TreeSlice &
  ReplaySlice &
  TransferSlice &
  NegotiationSlice &
  SearchSlice &
  ActivitySlice &
  LocatorsSlice &
  CompareSlice &
  ForkSlice &
  DebuggerSlice &
  AgentSlice;
export type Slice<T> = StateCreator<Store, [], [], T>;
