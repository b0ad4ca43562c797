import { create } from 'zustand';
import { activitySlice } from './activity';
import { agentSlice } from './agent';
import { compareSlice } from './compare';
import { debuggerSlice } from './debugger';
import { forkSlice } from './fork';
import { locatorsSlice } from './locators';
import { negotiationSlice } from './negotiation';
import { sessionsSlice } from './sessions';
import { stepsSlice } from './steps';
import { replaySlice } from './replay';
import { searchSlice } from './search';
import { transferSlice } from './transfer';
import { treeSlice } from './tree';
import type { Store } from './types';
import { uiSlice } from './ui';

/** The one store of the UI; each panel reads the slice it shows and calls the actions it needs. */
export const useStore = create<Store>()((...args) => ({
  ...uiSlice(...args),
  ...sessionsSlice(...args),
  ...stepsSlice(...args),
  ...treeSlice(...args),
  ...replaySlice(...args),
  ...transferSlice(...args),
  ...negotiationSlice(...args),
  ...searchSlice(...args),
  ...activitySlice(...args),
  ...locatorsSlice(...args),
  ...compareSlice(...args),
  ...forkSlice(...args),
  ...debuggerSlice(...args),
  ...agentSlice(...args),
}));
