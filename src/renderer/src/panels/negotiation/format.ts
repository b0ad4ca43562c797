/** Sizes and token estimates as the Negotiation tab writes them. */
export const kb = (bytes: number) => (Math.abs(bytes) < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
export const tokens = (count: number) => `≈${count.toLocaleString('en-US')} tokens`;
export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
