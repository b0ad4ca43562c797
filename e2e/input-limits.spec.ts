import { expect, test } from './support/fixtures';

// Limits the fuzz suite (fuzz.spec.ts) found missing: each is refused by its length, clearly, and the session goes on.

test('a target over 10,000 characters is refused by its length; a query over 10,000 by browser_interact', async ({
  mcp,
}) => {
  await mcp.call('browser_navigate', { url: 'data:text/html,<button>Save</button>' });
  const click = await mcp.call('browser_click', { target: 'x'.repeat(10_001) });
  expect(click.isError).toBe(true);
  expect(click.parsed.error).toBe(
    'Error: The target is 10,001 characters long; a ref or selector is at most 10,000. Use a ref from the page snapshot.',
  );
  const interact = await mcp.call('browser_interact', { query: 'x'.repeat(10_001) });
  expect(interact.isError).toBe(true);
  expect(interact.parsed.error).toContain('✖ query is longer than 10,000 characters: describe one step');
  // At the limit, both are taken (and fail on the page, not on their length).
  expect((await mcp.call('browser_click', { target: 'x'.repeat(10_000) })).parsed.error).not.toContain(
    'characters long',
  );
  const ok = await mcp.call('browser_snapshot');
  expect(ok.isError).toBe(false);
  expect(ok.parsed.snapshot?.yaml).toContain('button "Save"');
});
