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

test('the Model tab shows the turn that chose the step: its marker text, reasoning, tokens, and this step among its tool calls', async ({ site }, testInfo) => {
  const { BasicTracerProvider, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-base');
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  const { context, trace } = await import('@opentelemetry/api');
  const server = await startHttpServer([], 'serve');
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: `${server.url}/v1/traces` }))] });
  const tracer = provider.getTracer('scripted-agent');
  const { browser, page, errors } = await openInspector(server.url);
  const agent = await connectHttp(server.url);
  const url = `${site.url}/form.html`;
  try {
    const turn = tracer.startSpan('invoke_agent');
    const inTurn = trace.setSpan(context.active(), turn);
    tracer.startSpan('chat gpt-test', { attributes: {
      'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-test', 'gen_ai.usage.input_tokens': 1234, 'gen_ai.usage.output_tokens': 56,
      'gen_ai.input.messages': JSON.stringify([{ role: 'system', parts: [{ type: 'text', content: 'You drive a browser.' }] }, { role: 'user', parts: [{ type: 'text', content: 'Open the sign-up form.' }] }]),
      'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [
        { type: 'reasoning', content: 'The form lives at /form.html.' },
        { type: 'text', content: 'UNIQUE-MARKER-1: opening it now.' },
        { type: 'tool_call', id: 'c1', name: 'browser_navigate', arguments: { url } },
        { type: 'tool_call', id: 'c2', name: 'browser_snapshot', arguments: {} },
      ] }]),
    } }, inTurn).end();
    const tool = tracer.startSpan('execute_tool browser_navigate', {}, inTurn);
    await agent.client.callTool({ name: 'browser_navigate', arguments: { url }, _meta: { traceparent: `00-${tool.spanContext().traceId}-${tool.spanContext().spanId}-01` } });
    tool.end();
    turn.end();
    await provider.forceFlush();
    await expect(page.getByTestId('timeline-step')).toHaveCount(1);

    await stepRow(page, 1).click();
    await page.getByRole('tab', { name: 'Model' }).click();
    const view = page.getByTestId('model-view');
    await expect(view.getByTestId('model-output')).toHaveText('UNIQUE-MARKER-1: opening it now.');
    await expect(view.getByTestId('model-summary')).toContainText('gpt-test · 1,234 in / 56 out tokens');
    await expect(view.getByTestId('model-summary')).toContainText('linked by trace context');
    await expect(view.getByText('The form lives at /form.html.')).toBeVisible();
    await expect(view.getByText('1 earlier message')).toBeVisible();
    await expect(view.getByTestId('model-tool-call').nth(0)).toHaveAttribute('aria-current', 'step');
    await expect(view.getByTestId('model-tool-call').nth(1)).not.toHaveAttribute('aria-current', 'step');
    await snap(page, 'detail-panel', 'model-tab', testInfo);
    expect(errors).toEqual([]);
  } finally {
    await agent.close();
    await provider.shutdown();
    await browser.close();
    await server.stop();
  }
});
