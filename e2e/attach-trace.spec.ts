import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { openZip } from '../src/main/sessions/zip-reader';
import { zipFolder } from '../src/main/sessions/zip-writer';
import { expect, test } from './support/fixtures';
import { CLI, connectStdio } from './support/mcp';

const run = promisify(execFile);
const cli = (...args: string[]) =>
  run('node', [resolve(CLI), ...args]).then(
    ok => ({ ...ok, code: 0 }),
    error => error as { stdout: string; stderr: string; code: number },
  );

/** One export request as a collector's file exporter writes it: a chat span whose output names a marker and a tool call. */
function exportLine(spanId: string, marker: string, url: string, startMs: number) {
  const nanos = (ms: number) => `${ms}000000`;
  return JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'scripted-agent' } }] },
        scopeSpans: [
          {
            scope: { name: 'agent' },
            spans: [
              {
                traceId: '0af7651916cd43dd8448eb211c80319c',
                spanId,
                name: 'chat gpt-test',
                kind: 3,
                startTimeUnixNano: nanos(startMs),
                endTimeUnixNano: nanos(startMs + 20),
                attributes: [
                  { key: 'gen_ai.operation.name', value: { stringValue: 'chat' } },
                  { key: 'gen_ai.request.model', value: { stringValue: 'gpt-test' } },
                  {
                    key: 'gen_ai.output.messages',
                    value: {
                      stringValue: JSON.stringify([
                        {
                          role: 'assistant',
                          parts: [
                            { type: 'text', content: marker },
                            { type: 'tool_call', id: 'c1', name: 'browser_navigate', arguments: { url } },
                          ],
                        },
                      ]),
                    },
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  });
}

test("attach-trace adds the agent's spans to a recorded session, masked, once each; they travel in its zip; bad files are refused naming the line", async ({
  site,
  workspace,
}) => {
  mkdirSync(workspace, { recursive: true });
  const sessions = join(workspace, 'sessions');
  const startedAt = Date.now() - 60_000;
  const url = `${site.url}/form.html`;
  const mcp = await connectStdio(['--session-dir', sessions], { cwd: workspace });
  try {
    expect((await mcp.call('browser_navigate', { url })).isError).toBe(false);
  } finally {
    await mcp.close();
  }
  const dir = join(sessions, readdirSync(sessions)[0]);
  const traceFile = join(workspace, 'trace.jsonl');
  writeFileSync(
    traceFile,
    `${exportLine('b7ad6b7169203331', 'MARKER-7 with hunter2-secret', url, startedAt)}\n${exportLine('c7ad6b7169203332', 'second', url, startedAt + 100)}\n`,
  );
  const secrets = join(workspace, 'secrets.env');
  writeFileSync(secrets, 'PASSWORD=hunter2-secret\n');

  const attached = await cli('attach-trace', dir, traceFile, '--secrets', secrets);
  expect(attached.code, attached.stderr).toBe(0);
  expect(attached.stderr).toContain('added 2 of 2 spans (2 model calls)');
  const stored = readFileSync(join(dir, 'spans.jsonl'), 'utf8');
  expect(stored).toContain('MARKER-7 with <secret>PASSWORD</secret>');
  expect(stored).not.toContain('hunter2-secret');
  // Attached again: nothing new.
  expect((await cli('attach-trace', dir, traceFile)).stderr).toContain(
    'added 0 of 2 spans (2 model calls); the rest were there already',
  );

  // A shared .zip gets them too, written back as a .zip.
  const zip = join(workspace, 'shared.zip');
  await zipFolder(dir, 'session', zip);
  writeFileSync(traceFile, exportLine('f7ad6b7169203335', 'in the zip', url, startedAt + 200));
  const intoZip = await cli('attach-trace', zip, traceFile);
  expect(intoZip.code, intoZip.stderr).toBe(0);
  const archive = await openZip(zip, { maxEntries: 1000, maxTotalBytes: 1e9 });
  try {
    const entry = archive.entries.find(e => e.name.endsWith('spans.jsonl'))!;
    expect((await archive.read(entry)).toString()).toContain('in the zip');
  } finally {
    archive.close();
  }

  writeFileSync(
    traceFile,
    `${exportLine('d7ad6b7169203333', 'x', url, startedAt)}\n{"resourceSpans":[{"scopeSpans":[{"spans":[{"spanId":"e7ad6b7169203334"}]}]}]}\n`,
  );
  const refused = await cli('attach-trace', dir, traceFile);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain(
    'trace.jsonl line 2: resourceSpans[0].scopeSpans[0].spans[0].traceId: expected 32 hex digits',
  );
  expect(readFileSync(join(dir, 'spans.jsonl'), 'utf8')).toBe(stored);
});
