import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { loadSecrets, redactDeep } from '../secrets';
import { appendSpans } from '../sessions/spans-file';
import { zipFolder } from '../sessions/zip-writer';
import { spansOfOtlpFile } from '../tracing/otlp-json';
import { isModelSpan } from '../tracing/model-turns';
import { findSession, type SessionChoice } from './find-session';
import { log } from './process';

export interface AttachTraceCliOptions extends SessionChoice {
  /** A dotenv file of NAME=value: each value masked in the spans as the recording masks it. */
  secrets?: string;
}

/**
 * `agent-inspector attach-trace <session> <file>`: adds the agent's spans to a recorded session after the fact, as if
 * they had been sent to the inspector while it ran; the Model tab then shows the turn behind each step. A session
 * .zip is written back as a .zip.
 */
export async function runAttachTrace(target: string, file: string, options: AttachTraceCliOptions) {
  const spans = spansOfOtlpFile(await readFile(resolve(file), 'utf8'), file);
  const secrets = options.secrets ? loadSecrets(resolve(options.secrets)) : {};
  const found = await findSession(target, options);
  try {
    const added = await appendSpans(found.dir, redactDeep(secrets, spans));
    const zip = /\.zip$/i.test(target) ? resolve(target) : undefined;
    if (zip && added) await zipFolder(found.dir, basename(found.dir), zip);
    const turns = spans.filter(isModelSpan).length;
    log(
      `${zip ?? found.dir}: added ${added} of ${spans.length} span${spans.length === 1 ? '' : 's'} (${turns} model call${turns === 1 ? '' : 's'})${added < spans.length ? '; the rest were there already' : ''}.`,
    );
    if (!options.secrets)
      log(
        'note: no --secrets given: the spans are stored as they came. Give the values the agent may have sent its model (--secrets FILE) to mask them.',
      );
  } finally {
    await found.release();
  }
}
