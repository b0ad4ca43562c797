import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import type { ToolCallEvent } from '../../shared/events';
import { redactSession, secretReplacer } from './redact';
import { openSession } from './session-reader';
import { SessionWriter } from './session-writer';

// A quote and a backslash: the value is escaped differently in JSON, code and HTML.
const VALUE = 'hun"ter\\2';

const call = (seq: number, extra: Partial<ToolCallEvent>): ToolCallEvent =>
  ({
    type: 'tool-call',
    sessionId: 's',
    seq,
    tool: 'browser_type',
    args: {},
    outcome: 'ok',
    startedAt: seq,
    endedAt: seq,
    response: {},
    ...extra,
  }) as ToolCallEvent;

/** Every file of the folder as text, gzip ones unpacked. */
function allText(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map(name => join(dir, name))
    .filter(path => statSync(path).isFile())
    .map(path => {
      const data = readFileSync(path);
      return (data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data).toString('utf8');
    })
    .join('\n');
}

const page = (value: string, lines = 60) =>
  [...Array.from({ length: lines }, (_, i) => `- text: line ${i}`), `- textbox "Notes": "${value}"`].join('\n');

async function recorded(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'redact-'));
  const writer = new SessionWriter(dir, { type: 'session-started', sessionId: 's', transport: 'stdio', time: 1 });
  const typed = JSON.stringify(VALUE).slice(1, -1);
  writer.write(call(1, { tool: 'browser_navigate', ariaSnapshot: page('') }));
  writer.write(
    call(2, {
      args: { target: 'e5', text: VALUE },
      code: `await page.getByRole('textbox', { name: 'Notes' }).fill('hun"ter\\\\2');`,
      // A diff of the aria snapshot against step 1, a DOM keyframe with the value in an attribute, a large DOM diff.
      ariaSnapshot: page(typed),
      domState: {
        dom: `<input value="hun&quot;ter\\2">`,
        diff: `+<input value="hun&quot;ter\\2">\n${'+x\n'.repeat(6000)}`,
        extraction: 'utility-world',
      },
      storageState: { origins: [{ localStorage: [{ name: 'k', value: VALUE }] }] },
    }),
  );
  writer.write(
    call(3, {
      tool: 'browser_snapshot',
      ariaSnapshot: `${page(typed)}\n- text: after`,
      response: { result: `{"echo":${JSON.stringify(VALUE)}}` },
    }),
  );
  writer.write({ type: 'session-ended', sessionId: 's', time: 4 });
  await writer.flush();
  return dir;
}

test('every form of the value is replaced in every file; diffs still apply and the code reads the variable', async () => {
  const dir = await recorded();
  expect(readdirSync(join(dir, 'artifacts')).filter(name => name.endsWith('.diff'))).not.toHaveLength(0);
  expect(allText(dir)).toMatch(/hun\W*ter/);

  const summary = await redactSession(dir, { NOTES: VALUE });
  // args, code, the nested JSON in the result; two aria versions; the DOM keyframe, the DOM diff; the storage state.
  expect(summary.occurrences).toBe(8);
  expect(summary.files.map(file => file.file)).toContain('events.jsonl');

  // Raw, JSON-escaped once or twice, HTML-escaped, or as a code literal: no form is left.
  expect(allText(dir)).not.toMatch(/hun\W*ter/);
  const session = await openSession(dir);
  expect(session.warnings).toEqual([]);
  const [, typed, snapshot] = session.steps;
  expect(typed.args.text).toBe('<secret>NOTES</secret>');
  expect(typed.code).toBe(`await page.getByRole('textbox', { name: 'Notes' }).fill(process.env['NOTES']);`);
  expect(await session.ariaSnapshot(typed)).toBe(page('<secret>NOTES</secret>'));
  expect(await session.ariaSnapshot(snapshot)).toBe(`${page('<secret>NOTES</secret>')}\n- text: after`);
  expect(await session.dom(typed)).toBe('<input value="<secret>NOTES</secret>">');
  expect(snapshot.response.result).toBe('{"echo":"<secret>NOTES</secret>"}');
  expect(
    readdirSync(join(dir, '..')).filter(name => name.includes('.redacting-') || name.includes('.original-')),
  ).toEqual([]);

  expect(await redactSession(dir, { NOTES: VALUE })).toEqual({ occurrences: 0, files: [] });
});

test('a session that would not read back after redaction is left exactly as it was', async () => {
  const dir = await recorded();
  const diff = readdirSync(join(dir, 'artifacts')).find(name => name.endsWith('aria.diff'))!;
  // The diff no longer applies to its base: rebuilding the step fails in the redacted copy.
  writeFileSync(
    join(dir, 'artifacts', diff),
    readFileSync(join(dir, 'artifacts', diff), 'utf8').replace('- text: line 59', '- text: line 99'),
  );
  const before = allText(dir);
  await expect(redactSession(dir, { NOTES: VALUE })).rejects.toThrow(/would not read back at step 2 .*left as it was/);
  expect(allText(dir)).toBe(before);
  expect(readdirSync(join(dir, '..')).filter(name => name.includes('.redacting-'))).toEqual([]);
});

test('short or multi-line values are refused; overlapping values are replaced longest first and never inside a mask', () => {
  expect(() => secretReplacer({ PIN: '123' })).toThrow('PIN: "123" is shorter than 4 characters');
  expect(() => secretReplacer({ TWO: 'a\nlong' })).toThrow('spanning lines');
  const replace = secretReplacer({ LONG: 'secret-long', SHORT: 'secret', NAME: 'LONG' + 'ER' });
  expect(replace('secret-long secret LONGER')).toEqual({
    text: '<secret>LONG</secret> <secret>SHORT</secret> <secret>NAME</secret>',
    count: 3,
  });
  // Masks written while recording stay whole.
  expect(replace('<secret>PASSWORD</secret> fill(process.env.LONG)')).toEqual({
    text: '<secret>PASSWORD</secret> fill(process.env.LONG)',
    count: 0,
  });
});
