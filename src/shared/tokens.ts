/**
 * What a response costs the agent's context: bytes and model tokens, by response section. Text is counted with a
 * real BPE tokenizer (TOKEN_ENCODING); images by the usual tile rule, which is an estimate (`estimate: true`).
 */
export const TOKEN_ENCODING = 'o200k_base';

/** The name of the text before a response's first `### ` heading, when there is any. */
export const PREAMBLE_SECTION = '(preamble)';

export interface TokenCount {
  bytes: number;
  tokens: number;
}

export interface SectionTokens extends TokenCount {
  /** The response section's title (`Snapshot`, `Ran Playwright code`, `Events`, …), or `Image` for an image item. */
  name: string;
  /** Counted by a rule of thumb rather than the tokenizer (images). */
  estimate?: true;
}

export interface StepTokens {
  encoding: typeof TOKEN_ENCODING;
  /** Everything the agent received for the call: the text and its images. */
  total: TokenCount;
  /** In response order; the text before the first heading, if any, is `(preamble)`. */
  sections: SectionTokens[];
}
