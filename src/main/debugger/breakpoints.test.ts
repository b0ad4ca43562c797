import { expect, test } from '@playwright/test';
import type { Breakpoint } from '../../shared/debugger';
import { Breakpoints } from './breakpoints';

const call = (
  tool: string,
  args: Record<string, unknown> = {},
  preview: { url?: string; targets?: { target: string; role?: string; name?: string }[] } = {},
) => {
  let looked = 0;
  return {
    call: { tool, args, preview: async (_selectors: boolean) => (looked++, { args, targets: [], ...preview }) },
    looked: () => looked,
  };
};

const answer = (
  text: string,
  more: Partial<{ isError: boolean; consoleErrors: number; failedRequests: number }> = {},
) => ({ seq: 1, text, isError: false, consoleErrors: 0, failedRequests: 0, ...more });

test('a call hits the first enabled breakpoint that applies to its session, and only then is the page looked at', async () => {
  const changes: Breakpoint[][] = [];
  const breakpoints = new Breakpoints(list => changes.push(list));
  const byTool = breakpoints.add('tool:browser_click,browser_type');
  breakpoints.add('url:*/checkout*', { sessionId: 'other' });

  const typing = call('browser_type');
  expect(await breakpoints.beforeCall('s1', typing.call)).toMatchObject({ id: byTool.id, hits: 1 });
  // tool: needs no look at the page; the url: breakpoint is another session's.
  const navigating = call('browser_navigate', { url: 'https://shop/checkout' });
  expect(await breakpoints.beforeCall('s1', navigating.call)).toBeUndefined();
  expect(navigating.looked()).toBe(0);
  expect(await breakpoints.beforeCall('other', navigating.call)).toMatchObject({ condition: 'url:*/checkout*' });

  breakpoints.update(byTool.id, { enabled: false });
  expect(await breakpoints.beforeCall('s1', call('browser_click').call)).toBeUndefined();
  expect(changes.at(-1)!.find(b => b.id === byTool.id)).toMatchObject({ enabled: false, hits: 1 });
  breakpoints.remove(byTool.id);
  expect(breakpoints.list().map(b => b.condition)).toEqual(['url:*/checkout*']);
  expect(() => breakpoints.remove(byTool.id)).toThrow('No breakpoint');
});

test('target: matches the target as given, or the role and name the ref stands for; url: the page or the destination', async () => {
  const breakpoints = new Breakpoints(() => {});
  breakpoints.add('target:button "Delete');
  breakpoints.add('url:*/admin/*');
  const deleting = call(
    'browser_click',
    { target: 'e7' },
    { targets: [{ target: 'e7', role: 'button', name: 'Delete account' }] },
  );
  expect(await breakpoints.beforeCall('s', deleting.call)).toMatchObject({ condition: 'target:button "Delete' });
  expect(deleting.looked()).toBe(1);
  const bySelector = call('browser_click', { target: '#delete' }, { targets: [{ target: '#delete' }] });
  expect(await breakpoints.beforeCall('s', bySelector.call)).toBeUndefined();
  expect(
    await breakpoints.beforeCall('s', call('browser_snapshot', {}, { url: 'https://x/admin/users' }).call),
  ).toMatchObject({ condition: 'url:*/admin/*' });
  expect(
    await breakpoints.beforeCall(
      's',
      call('browser_navigate', { url: 'https://x/admin/' }, { url: 'https://x/' }).call,
    ),
  ).toMatchObject({ condition: 'url:*/admin/*' });
});

test('answer conditions: error, console-error (page errors or failed requests), text: case-insensitively', () => {
  const breakpoints = new Breakpoints(() => {});
  expect(breakpoints.watchesAnswers('s')).toBe(false);
  breakpoints.add('text:out of stock');
  breakpoints.add('console-error', { sessionId: 's' });
  breakpoints.add('error');
  expect(breakpoints.watchesAnswers('s')).toBe(true);
  expect(breakpoints.onAnswer('s', answer('All fine'))).toBeUndefined();
  expect(breakpoints.onAnswer('s', answer('Item is OUT OF STOCK'))).toMatchObject({ condition: 'text:out of stock' });
  expect(breakpoints.onAnswer('s', answer('', { failedRequests: 1 }))).toMatchObject({ condition: 'console-error' });
  expect(breakpoints.onAnswer('t', answer('', { consoleErrors: 2 }))).toBeUndefined();
  expect(breakpoints.onAnswer('t', answer('### Error', { isError: true }))).toMatchObject({ condition: 'error' });
});
