/** The searchable fields of a step, in the order a hit names the field its excerpt comes from (see search-index.ts). */
export const SEARCH_FIELDS = ['args', 'response', 'console', 'network', 'url', 'tool', 'model'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
export type StepTexts = Record<SearchField, string>;
