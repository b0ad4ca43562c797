import { TOKEN_ENCODING } from '../../../../shared/tokens';

/** Sizes and token counts as the Negotiation tab writes them. */
export const kb = (bytes: number) => (Math.abs(bytes) < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
export const tokens = (count: number | undefined) =>
  count === undefined ? 'tokens not counted' : `${count.toLocaleString('en-US')} tokens`;
/** How the tab's tokens were counted, for its titles. */
export const TOKENS_HOW = `Tokens: text counted with ${TOKEN_ENCODING}, screenshots estimated by the image tile rule`;
export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
