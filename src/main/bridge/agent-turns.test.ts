import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ReceivedSpan } from '../../shared/spans';
import type { RecordedSession } from '../sessions/session-reader';
import { AgentTurnsSource } from './agent-turns';

const chat = (spanId: string, text: string): ReceivedSpan => ({
  traceId: 'a'.repeat(32),
  spanId,
  name: 'chat',
  kind: 3,
  startMs: 0,
  endMs: 10,
  events: [],
  resource: {},
  attributes: {
    'gen_ai.operation.name': 'chat',
    'gen_ai.request.model': 'gpt-test',
    'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'x'.repeat(10_000) }] }]),
    'gen_ai.output.messages': JSON.stringify([
      {
        role: 'assistant',
        parts: [
          { type: 'text', content: text },
          { type: 'tool_call', name: 'browser_snapshot', arguments: {} },
        ],
      },
    ]),
  },
});

test('the lane gets summaries without messages; the Model tab gets one turn whole; spans.jsonl is read again only when it grew', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'turns-'));
  writeFileSync(join(dir, 'spans.jsonl'), `${JSON.stringify(chat('1'.repeat(16), 'first'))}\n`);
  const session = {
    dir,
    steps: [{ seq: 1, tool: 'browser_snapshot', args: {}, startedAt: 20 }],
  } as unknown as RecordedSession;
  const source = new AgentTurnsSource({ live: () => undefined, recorded: async () => session });

  const turns = await source.turns('s');
  expect(turns).toMatchObject({
    turns: [{ spanId: '1'.repeat(16), model: 'gpt-test', toolCalls: 1 }],
    links: [{ seq: 1, spanId: '1'.repeat(16) }],
    spanCount: 1,
  });
  expect(JSON.stringify(turns).length).toBeLessThan(1_000);
  expect(await source.turn('s', '1'.repeat(16))).toMatchObject({
    output: 'first',
    input: [{ role: 'user' }],
    toolCalls: [{ name: 'browser_snapshot' }],
  });

  appendFileSync(join(dir, 'spans.jsonl'), `${JSON.stringify(chat('2'.repeat(16), 'second'))}\n`);
  expect((await source.turns('s')).turns).toHaveLength(2);
  await expect(source.turn('s', 'f'.repeat(16))).rejects.toThrow(
    `Session s has no model turn with span id "${'f'.repeat(16)}".`,
  );
});
