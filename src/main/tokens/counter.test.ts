import { expect, test } from '@playwright/test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { COUNT_PIECE, TokenCounter } from './counter';

test('a megabyte without a space is counted in pieces, not in quadratic time; prose keeps its exact count', async () => {
  const counter = new TokenCounter();
  try {
    // Whole, o200k_base takes hours over this (a fuzzed argument did it); in pieces it is the sum of the pieces.
    const run = 'x'.repeat(1_000_000);
    const piece = countTokens('x'.repeat(COUNT_PIECE));
    const prose = 'The quick brown fox jumps over the lazy dog.\n'.repeat(2_000);
    const [runCount, proseCount, short] = await counter.count([run, prose, 'hello world']);
    expect(runCount).toBe(piece * (run.length / COUNT_PIECE));
    // Cut before a space, where the tokenizer splits anyway: the same as counting it whole.
    expect(proseCount).toBe(countTokens(prose));
    expect(short).toBe(countTokens('hello world'));
  } finally {
    await counter.close();
  }
});
