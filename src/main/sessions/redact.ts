import { cp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, relative } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { jsString } from '../../shared/js-literal';
import { envLookup } from '../codegen/language-values';
import { SECRET_MASK, secretMask } from '../secrets';
import { EVENTS_FILE } from './format';
import { openSession } from './session-reader';

/** Shorter values occur by chance in ids, refs and markup: replacing them would mangle the recording. */
export const MIN_REDACT_LENGTH = 4;
/** A mask, or the variable a code argument reads: left whole. */
const KEPT = new RegExp(`${SECRET_MASK.source}|process\\.env\\.[A-Za-z_][A-Za-z0-9_]*|process\\.env\\['[^'\\n]+'\\]`);
/** Pictures hold no text to scrub. */
const IMAGES = new Set(['.png', '.jpg', '.jpeg', '.webp']);

export interface RedactSummary {
  occurrences: number;
  /** Paths inside the session folder that changed, with their count. */
  files: { file: string; occurrences: number }[];
}

/** Why a value cannot be redacted, or undefined when it can. */
export function unredactableReason(value: string): string | undefined {
  if (value.length < MIN_REDACT_LENGTH)
    return `"${value}" is shorter than ${MIN_REDACT_LENGTH} characters: replacing it everywhere would mangle the recording.`;
  // Diffs are read line by line: a value spanning lines could be replaced in a keyframe and not in a diff against it.
  if (/[\r\n]/.test(value)) return 'a value spanning lines cannot be redacted.';
  return undefined;
}

/**
 * One pass over a text that replaces every form a secret takes in a recording by what live masking would have
 * published: the code argument `('value')` by `(process.env['NAME'])`, the value itself, and its JSON-escaped (JSON kept
 * inside a string, a YAML quoted scalar), HTML-escaped (a DOM attribute) and URL-encoded (a GET form's next URL) forms
 * by `<secret>NAME</secret>`. A
 * single regular expression, longest form first, so a replacement is never matched again (a value inside a mask).
 */
export function secretReplacer(secrets: Record<string, string>): (text: string) => { text: string; count: number } {
  const forms = new Map<string, string>();
  for (const [name, value] of Object.entries(secrets)) {
    const reason = unredactableReason(value);
    if (reason) throw new Error(`${name}: ${reason}`);
    forms.set(`(${jsString(value)})`, `(${envLookup('typescript', name)})`);
    const urlForms = [encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)];
    for (const form of [value, JSON.stringify(value).slice(1, -1), htmlEscape(value), ...urlForms])
      if (!forms.has(form)) forms.set(form, secretMask(name));
  }
  const values = [...forms.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  // What masking already wrote is matched first and kept: a value "secret" must not break `<secret>PASSWORD</secret>`.
  const pattern = new RegExp([KEPT.source, ...values].join('|'), 'g');
  return text => {
    let count = 0;
    const replaced = text.replace(pattern, form => {
      const replacement = forms.get(form);
      if (replacement === undefined) return form;
      count++;
      return replacement;
    });
    return { text: replaced, count };
  };
}

/**
 * Scrubs secret values out of a recorded session folder: events.jsonl (every string of every record), every artifact
 * (gzip ones unpacked and packed again; keyframes and the diffs against them alike, so diff chains still apply) and
 * any other file under it; screenshots are left as they are. The result is built in a copy and checked by rebuilding
 * every step's aria snapshot and DOM; only then does it replace the folder, so a failure leaves the original as it was.
 */
export async function redactSession(dir: string, secrets: Record<string, string>): Promise<RedactSummary> {
  const replace = secretReplacer(secrets);
  // Dot-named beside the session: the same file system (renames) and never listed as a session.
  const staging = join(dirname(dir), `.${basename(dir)}.redacting-${process.pid}`);
  const backup = join(dirname(dir), `.${basename(dir)}.original-${process.pid}`);
  await cp(dir, staging, { recursive: true });
  try {
    const files: RedactSummary['files'] = [];
    for (const path of await filesUnder(staging)) {
      const occurrences = await redactFile(path, replace);
      if (occurrences) files.push({ file: relative(staging, path), occurrences });
    }
    const summary = { occurrences: files.reduce((sum, file) => sum + file.occurrences, 0), files };
    if (!summary.occurrences) {
      await rm(staging, { recursive: true, force: true });
      return summary;
    }
    await checkReadable(staging);
    await rename(dir, backup);
    try {
      await rename(staging, dir);
    } catch (error) {
      await rename(backup, dir);
      throw error;
    }
    await rm(backup, { recursive: true, force: true });
    return summary;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter(entry => entry.isFile())
    .map(entry => join(entry.parentPath, entry.name))
    .sort();
}

/** Rewrites one file in place (it is in the staging copy), returning how many occurrences it replaced. */
async function redactFile(path: string, replace: ReturnType<typeof secretReplacer>): Promise<number> {
  const extension = extname(path).toLowerCase();
  if (IMAGES.has(extension)) return 0;
  const zipped = extension === '.gz';
  const bytes = await readFile(path);
  const inner = zipped ? extname(path.slice(0, -3)).toLowerCase() : extension;
  const text = (zipped ? gunzipSync(bytes) : bytes).toString('utf8');
  const redacted =
    basename(path) === EVENTS_FILE
      ? redactJsonLines(text, replace)
      : inner === '.json'
        ? redactJson(text, replace)
        : inner === '.diff'
          ? redactDiff(text, replace)
          : replace(text);
  if (!redacted.count) return 0;
  await writeFile(path, zipped ? gzipSync(redacted.text) : redacted.text);
  return redacted.count;
}

/**
 * Each changed line parsed and written again, so a value is replaced inside the strings it was escaped into and never
 * across JSON syntax (a value ending in a backslash must not eat the escape after it). Unchanged lines, and a torn
 * last line, keep their bytes.
 */
function redactJsonLines(text: string, replace: ReturnType<typeof secretReplacer>): { text: string; count: number } {
  let count = 0;
  const lines = text.split('\n').map(line => {
    // Every line is read: a value kept in JSON inside a string is escaped twice on the line, not once.
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      // The torn last line of an interrupted recording: no reader uses it, but it must not keep the value either.
      const plain = replace(line);
      count += plain.count;
      return plain.text;
    }
    const redacted = redactStrings(record, replace);
    count += redacted.count;
    return redacted.count ? JSON.stringify(redacted.value) : line;
  });
  return { text: lines.join('\n'), count };
}

/** A JSON file (storage state, session.json) redacted string by string, written back in its own layout. */
function redactJson(text: string, replace: ReturnType<typeof secretReplacer>): { text: string; count: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return replace(text);
  }
  const redacted = redactStrings(parsed, replace);
  if (!redacted.count) return { text, count: 0 };
  const indent = /^[{[]\n( +)/.exec(text)?.[1].length;
  return {
    text: `${JSON.stringify(redacted.value, null, indent)}${text.endsWith('\n') ? '\n' : ''}`,
    count: redacted.count,
  };
}

/**
 * A unified diff redacted line by line after its one-character prefix (' ', '+', '-'), exactly as the lines of the
 * texts it joins are, so it still applies to the redacted base.
 */
function redactDiff(text: string, replace: ReturnType<typeof secretReplacer>): { text: string; count: number } {
  let count = 0;
  const lines = text.split('\n').map(line => {
    const rest = replace(line.slice(1));
    count += rest.count;
    return line.slice(0, 1) + rest.text;
  });
  return { text: lines.join('\n'), count };
}

function redactStrings(value: unknown, replace: ReturnType<typeof secretReplacer>): { value: unknown; count: number } {
  let count = 0;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') {
      const redacted = replace(item);
      count += redacted.count;
      return redacted.text;
    }
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === 'object')
      return Object.fromEntries(Object.entries(item).map(([key, v]) => [walk(key), walk(v)]));
    return item;
  };
  return { value: walk(value), count };
}

/** Opens the redacted copy and rebuilds every step's texts: a diff that no longer applies fails here, not later. */
async function checkReadable(dir: string): Promise<void> {
  const session = await openSession(dir);
  for (const step of session.steps) {
    try {
      await session.ariaSnapshot(step);
      await session.dom(step);
      await session.domStateDiff(step);
    } catch (error) {
      throw new Error(
        `The redacted session would not read back at step ${step.seq} (${error instanceof Error ? error.message : error}); the session was left as it was.`,
      );
    }
  }
}

function htmlEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
