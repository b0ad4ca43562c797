import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { secretName } from '../mcp/sensitive-field';
import { loadSecrets, SECRET_MASK } from '../secrets';
import { EVENTS_FILE } from '../sessions/format';
import { redactSession, unredactableReason } from '../sessions/redact';
import { zipFolder } from '../sessions/zip-writer';
import { findSession, type SessionChoice } from './find-session';
import { log } from './process';

export interface RedactCliOptions extends SessionChoice {
  /** Values to scrub: `value`, or `NAME=value` to choose the variable it becomes. */
  value?: string[];
  /** A dotenv file of NAME=value: every value scrubbed, under its name. */
  secrets?: string;
}

/** `--value NAME=value` names the variable only when NAME is one (upper snake case); anything else is a bare value. */
const NAMED_VALUE = /^([A-Z_][A-Z0-9_]*)=(.+)$/s;

/**
 * `agent-inspector redact <session>`: scrubs secret values out of a recording made before they were masked, so it
 * reads as if they had been masked while recording (`<secret>NAME</secret>`, and `process.env['NAME']` in the code export
 * writes). A session folder is rewritten in place, a .zip is written back as a .zip.
 */
export async function runRedact(target: string | undefined, options: RedactCliOptions) {
  const given = givenSecrets(options);
  const found = await findSession(target, options);
  try {
    const secrets = named(given, await maskedNames(found.dir));
    const summary = await redactSession(found.dir, secrets);
    const zip = target && /\.zip$/i.test(target) ? resolve(target) : undefined;
    if (zip && summary.occurrences) await writeZip(zip, found.dir);
    const where = zip ?? found.dir;
    if (!summary.occurrences)
      log(`${where}: none of the ${given.length} value${given.length === 1 ? '' : 's'} occurs; nothing was changed.`);
    else {
      log(
        `${where}: replaced ${summary.occurrences} occurrence${summary.occurrences === 1 ? '' : 's'} in ${summary.files.length} file${summary.files.length === 1 ? '' : 's'}, as ${Object.keys(secrets).join(', ')}.`,
      );
      for (const file of summary.files) log(`  ${file.file}: ${file.occurrences}`);
    }
    // Only what was named is rewritten; a copy shared as a zip beside the folder is the user's to redact or delete.
    const sibling = `${found.dir}.zip`;
    if (!zip && existsSync(sibling))
      log(`warning: ${sibling} was left as it is; redact it too: agent-inspector redact ${sibling} …`);
  } finally {
    await found.release();
  }
}

interface GivenSecret {
  name?: string;
  value: string;
}

/** The values to scrub, each refused before any work when it is too short to replace safely. */
function givenSecrets(options: RedactCliOptions): GivenSecret[] {
  const given: GivenSecret[] = [];
  if (options.secrets)
    for (const [name, value] of Object.entries(loadSecrets(resolve(options.secrets)))) given.push({ name, value });
  for (const raw of options.value ?? []) {
    const match = NAMED_VALUE.exec(raw);
    given.push(match ? { name: match[1], value: match[2] } : { value: raw });
  }
  if (!given.length) throw new Error('Which values? Give --value VALUE (or --value NAME=VALUE), or --secrets FILE.');
  for (const { name, value } of given) {
    const reason = unredactableReason(value);
    if (reason) throw new Error(`Cannot redact ${name ? `${name}: ` : ''}${reason}`);
  }
  return given;
}

/**
 * Every value under a variable name: its own, else SECRET, SECRET_2… A name the recording already masks is not
 * reused for another value, and one value given twice keeps one name.
 */
function named(given: GivenSecret[], taken: Set<string>): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const { name, value } of given) {
    if (name && Object.hasOwn(secrets, name) && secrets[name] !== value)
      throw new Error(`${name} is given two different values.`);
    if (name) secrets[name] = value;
  }
  const reserved = Object.fromEntries([...taken].map(name => [name, '']));
  for (const { name, value } of given) {
    if (name || Object.values(secrets).includes(value)) continue;
    secrets[secretName({ ...reserved, ...secrets }, 'secret', value)] = value;
  }
  return secrets;
}

/** The names the recording masks already (live masking, an earlier redact). */
async function maskedNames(dir: string): Promise<Set<string>> {
  const events = await readFile(join(dir, EVENTS_FILE), 'utf8').catch(() => '');
  return new Set(Array.from(events.matchAll(SECRET_MASK), match => match[1]));
}

/** The redacted session zipped over the archive it came from (zipFolder writes a temp file, then renames it). */
async function writeZip(zip: string, dir: string) {
  await zipFolder(dir, basename(dir), zip);
}
