import { createContext, useContext } from 'react';

/**
 * Whether the tab holding a view is the one shown. A tabbed panel keeps views mounted while hidden (an editor is not
 * rebuilt on each switch), so a view that fetches per step reads this to wait until it is shown: otherwise every
 * step selected anywhere costs the server and the renderer work that nobody sees. Outside tabs it is always true.
 */
export const TabVisibleContext = createContext(true);

export const useTabVisible = () => useContext(TabVisibleContext);
