import { expect, test } from './support/fixtures';
import { connectHttp, startHttpServer } from './support/mcp';
import { openInspector, snap, stepRow } from './support/ui';

const TRACE = '0af7651916cd43dd8448eb211c80319c';
const PARENT = 'b7ad6b7169203331';

test('the Response tab says where the call sits in the agent\'s trace, and what trace context it ignored', async ({ site }, testInfo) => {
  const server = await startHttpServer([], 'serve');
  const { browser, page, errors } = await openInspector(server.url);
  const agent = await connectHttp(server.url);
  try {
    await agent.client.callTool({ name: 'browser_navigate', arguments: { url: `${site.url}/form.html` }, _meta: { traceparent: `00-${TRACE}-${PARENT}-01`, baggage: 'run=42' } });
    await agent.client.callTool({ name: 'browser_snapshot', arguments: {}, _meta: { traceparent: '00-garbage' } });
    await expect(page.getByTestId('timeline-step')).toHaveCount(2);

    await stepRow(page, 1).click();
    await page.getByRole('tab', { name: 'Response' }).click();
    const trace = page.getByTestId('response-view').getByTestId('response-trace');
    await expect(trace).toContainText(`Trace ${TRACE}, parent span ${PARENT}`);
    await expect(trace).toContainText('baggage run=42');
    await snap(page, 'response-view', 'response-trace', testInfo);

    await stepRow(page, 2).click();
    await expect(page.getByTestId('response-view')).toHaveAttribute('data-seq', '2');
    await expect(page.getByTestId('response-view').getByTestId('response-trace')).toHaveText('Ignored, not valid: traceparent');
    expect(errors).toEqual([]);
  } finally {
    await agent.close();
    await browser.close();
    await server.stop();
  }
});
