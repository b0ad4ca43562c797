import { useState, type ComponentType } from 'react';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { TabVisibleContext } from '../../components/tab-visible';
import { useStore } from '../../store';
import type { DetailTab } from '../../store/types';
import { CodeView } from '../code/CodePanel';
import { ConsoleView } from '../console/ConsoleView';
import { DomDiffView } from '../dom-diff/DomDiffView';
import { LocatorsView } from '../locators/LocatorsView';
import { ModelView } from '../model/ModelView';
import { NegotiationView } from '../negotiation/NegotiationView';
import { NetworkView } from '../network/NetworkView';
import { ReplayView } from '../replay/ReplayView';
import { ResponseView } from '../response/ResponseView';
import { RunCodeView } from '../run-code/RunCodeView';
import { StateFilesView } from '../state-files/StateFilesView';

/**
 * The tabbed area under the page view: everything about the selected step that is read as text. One entry per tab;
 * a tab's view stays mounted once shown (hidden while another tab is active), so an editor is not rebuilt on each
 * switch.
 */
const TABS: { id: DetailTab; label: string; View: ComponentType; acts?: true }[] = [
  { id: 'response', label: 'Response', View: ResponseView },
  { id: 'model', label: 'Model', View: ModelView },
  { id: 'code', label: 'Code', View: CodeView },
  { id: 'dom-diff', label: 'DOM diff', View: DomDiffView },
  { id: 'console', label: 'Console', View: ConsoleView },
  { id: 'network', label: 'Network', View: NetworkView },
  { id: 'negotiation', label: 'Negotiation', View: NegotiationView },
  { id: 'locators', label: 'Locators', View: LocatorsView },
  { id: 'state-files', label: 'Browser State', View: StateFilesView },
  // These two drive a browser: a static report has none, so it has no such tabs.
  { id: 'replay', label: 'Replay', View: ReplayView, acts: true },
  { id: 'run-code', label: 'Run code', View: RunCodeView, acts: true },
];

export function DetailPanel() {
  const active = useStore(state => state.detailTab);
  const setDetailTab = useStore(state => state.setDetailTab);
  const expanded = useStore(state => state.detailExpanded);
  const toggleExpanded = useStore(state => state.toggleDetailExpanded);
  const report = useStore(state => !!state.report);
  const tabs = report ? TABS.filter(tab => !tab.acts) : TABS;
  const [shown, setShown] = useState<ReadonlySet<DetailTab>>(() => new Set([active]));
  if (!shown.has(active)) setShown(new Set([...shown, active]));
  return (
    <section className="panel detail-panel" data-testid="detail-panel" aria-label="Step details">
      <header className="panel-header tab-strip" role="tablist">
        {tabs.map(tab => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={tab.id === active}
            aria-controls={`tabpanel-${tab.id}`}
            data-testid={`tab-${tab.id}`}
            className="tab"
            onClick={() => setDetailTab(tab.id)}
          >
            {tab.label}
          </button>
        ))}
        <span className="grow" />
        <button
          type="button"
          className="icon-button"
          data-testid="detail-expand"
          aria-pressed={expanded}
          title={expanded ? 'Back to the page view and the tree' : 'Use the whole workspace for these tabs'}
          onClick={toggleExpanded}
        >
          {expanded ? '⤡' : '⤢'}
        </button>
      </header>
      {tabs
        .filter(tab => shown.has(tab.id))
        .map(({ id, label, View }) => (
          <div
            key={id}
            className="panel-body"
            role="tabpanel"
            id={`tabpanel-${id}`}
            aria-labelledby={`tab-${id}`}
            hidden={id !== active}
          >
            <ErrorBoundary name={label}>
              <TabVisibleContext value={id === active}>
                <View />
              </TabVisibleContext>
            </ErrorBoundary>
          </div>
        ))}
    </section>
  );
}
