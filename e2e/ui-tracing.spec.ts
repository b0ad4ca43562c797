import { expect, test } from './support/fixtures';
import { connectHttp, startHttpServer } from './support/mcp';
import { openInspector, snap, stepRow } from './support/ui';

const TRACE = '0af7651916cd43dd8448eb211c80319c';
const PARENT = 'b7ad6b7169203331';

test("the Response tab says where the call sits in the agent's trace, and what trace context it ignored", async ({
  site,
}, testInfo) => {
  const server = await startHttpServer([], 'serve');
  const { browser, page, errors } = await openInspector(server.url);
  const agent = await connectHttp(server.url);
  try {
    await agent.client.callTool({
      name: 'browser_navigate',
      arguments: { url: `${site.url}/form.html` },
      _meta: { traceparent: `00-${TRACE}-${PARENT}-01`, baggage: 'run=42' },
    });
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
    await expect(page.getByTestId('response-view').getByTestId('response-trace')).toHaveText(
      'Ignored, not valid: traceparent',
    );
    expect(errors).toEqual([]);
  } finally {
    await agent.close();
    await browser.close();
    await server.stop();
  }
});

test('the Model tab shows the turn that chose the step: its marker text, reasoning, tokens, and this step among its tool calls', async ({
  site,
}, testInfo) => {
  const { BasicTracerProvider, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-base');
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  const { context, trace } = await import('@opentelemetry/api');
  const server = await startHttpServer([], 'serve');
  const provider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: `${server.url}/v1/traces` }))],
  });
  const tracer = provider.getTracer('scripted-agent');
  const { browser, page, errors } = await openInspector(server.url);
  const agent = await connectHttp(server.url);
  const url = `${site.url}/form.html`;
  try {
    const turn = tracer.startSpan('invoke_agent');
    const inTurn = trace.setSpan(context.active(), turn);
    tracer
      .startSpan(
        'chat gpt-test',
        {
          attributes: {
            'gen_ai.operation.name': 'chat',
            'gen_ai.request.model': 'gpt-test',
            'gen_ai.usage.input_tokens': 1234,
            'gen_ai.usage.output_tokens': 56,
            'gen_ai.input.messages': JSON.stringify([
              { role: 'system', parts: [{ type: 'text', content: 'You drive a browser.' }] },
              { role: 'user', parts: [{ type: 'text', content: 'Open the sign-up form.' }] },
            ]),
            'gen_ai.output.messages': JSON.stringify([
              {
                role: 'assistant',
                parts: [
                  { type: 'reasoning', content: 'The form lives at /form.html.' },
                  { type: 'text', content: 'UNIQUE-MARKER-1: opening it now.' },
                  { type: 'tool_call', id: 'c1', name: 'browser_navigate', arguments: { url } },
                  { type: 'tool_call', id: 'c2', name: 'browser_snapshot', arguments: {} },
                ],
              },
            ]),
          },
        },
        inTurn,
      )
      .end();
    const tool = tracer.startSpan('execute_tool browser_navigate', {}, inTurn);
    await agent.client.callTool({
      name: 'browser_navigate',
      arguments: { url },
      _meta: { traceparent: `00-${tool.spanContext().traceId}-${tool.spanContext().spanId}-01` },
    });
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

test("the Agent lane shows each model turn over the session's time; a bar opens its step; where the time went; Search sessions finds the model's text", async ({
  site,
}, testInfo) => {
  const { BasicTracerProvider, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-base');
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  const server = await startHttpServer([], 'serve');
  const provider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: `${server.url}/v1/traces` }))],
  });
  const tracer = provider.getTracer('scripted-agent');
  const { browser, page, errors } = await openInspector(server.url);
  const agent = await connectHttp(server.url);
  const calls = [
    ['browser_navigate', { url: `${site.url}/form.html` }, 'Opening the form, wallabyfern.'],
    ['browser_snapshot', {}, 'Reading what the form asks.'],
    [
      'browser_click',
      { element: 'Create account', target: "getByRole('button', { name: 'Create account' })" },
      'Submitting it.',
    ],
  ] as const;
  try {
    // No trace context on the calls: each turn is linked by the tool call it emitted, as an agent without SEP-414 would be.
    for (const [index, [name, args, text]] of calls.entries()) {
      const startTime = Date.now();
      await new Promise(resolve => setTimeout(resolve, 150));
      tracer
        .startSpan(`chat model-${index}`, {
          startTime,
          attributes: {
            'gen_ai.operation.name': 'chat',
            'gen_ai.request.model': 'gpt-test',
            'gen_ai.usage.input_tokens': 2_000 * (index + 1),
            'gen_ai.usage.output_tokens': 40,
            'gen_ai.usage.cost': 0.01,
            'gen_ai.output.messages': JSON.stringify([
              {
                role: 'assistant',
                parts: [
                  { type: 'text', content: text },
                  { type: 'tool_call', name, arguments: args },
                ],
              },
            ]),
          },
        })
        .end();
      await agent.client.callTool({ name, arguments: args });
    }
    await provider.forceFlush();
    await expect(page.getByTestId('timeline-step')).toHaveCount(3);

    const lane = page.getByTestId('agent-lane');
    await expect(lane.getByTestId('agent-turn')).toHaveCount(3);
    await expect(lane).toContainText('Agent · 3 model turns');
    await expect(lane.getByTestId('agent-tokens')).toContainText(
      'Model 12.0k in / 120 out · cost 0.0300 · our responses',
    );
    const time = lane.getByTestId('agent-time');
    for (const part of ['model', 'browser', 'held', 'other'])
      await expect(time.locator(`[data-part="${part}"]`)).toBeVisible();
    // Three turns of ≥150 ms: at least 0.4 s of model time.
    expect(Number(await time.locator('[data-part="model"]').getAttribute('data-ms'))).toBeGreaterThanOrEqual(400);
    await expect(time.locator('[data-part="held"]')).toHaveAttribute('data-ms', '0');
    await expect(lane.getByTestId('agent-turn').nth(1)).toHaveAttribute(
      'aria-label',
      /^gpt-test · .* · 4,000 in \/ 40 out tokens · cost 0\.0100 · chose step 2$/,
    );

    // A bar opens the step its turn chose (and the keyboard does too); the selected step's turn is marked.
    await lane.getByTestId('agent-turn').nth(1).click();
    await expect(stepRow(page, 2)).toHaveAttribute('aria-selected', 'true');
    await expect(lane.getByTestId('agent-turn').nth(1)).toHaveClass(/selected/);
    await lane.getByTestId('agent-turn').nth(2).focus();
    await page.keyboard.press('Enter');
    await expect(stepRow(page, 3)).toHaveAttribute('aria-selected', 'true');
    await snap(page, 'agent-lane', 'agent-lane', testInfo);

    // The model's text is searched with the step it chose.
    await page.getByRole('searchbox', { name: 'Search sessions' }).fill('wallabyfern');
    const hits = page.getByTestId('search-hit');
    await expect(hits).toHaveCount(1);
    await expect(hits).toHaveAttribute('data-seq', '1');
    await expect(hits).toContainText('model');
    await hits.click();
    await expect(stepRow(page, 1)).toHaveAttribute('aria-selected', 'true');
    expect(errors).toEqual([]);
  } finally {
    await agent.close();
    await provider.shutdown();
    await browser.close();
    await server.stop();
  }
});
