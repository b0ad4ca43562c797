import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomically } from '../dom-state/writer';
import type { LocatorChoice, LocatorReport } from '../../shared/locators';

/** The user's locator picks, in the session folder beside session.json. */
export const CHOICES_FILE = 'locators.json';

export interface SavedChoices {
  /** The test id attribute the picks were made with (their getByTestId reads it), when not the session's own. */
  testIdAttribute?: string;
  choices: LocatorChoice[];
}

/** The picks saved in a session folder; none when it has no locators.json. */
export async function readChoices(dir: string): Promise<SavedChoices> {
  let text: string;
  try {
    text = await readFile(join(dir, CHOICES_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { choices: [] };
    throw error;
  }
  try {
    const saved = JSON.parse(text) as SavedChoices;
    if (!Array.isArray(saved.choices)) throw new Error('no "choices" list');
    return saved;
  } catch (error) {
    throw new Error(
      `${join(dir, CHOICES_FILE)} is not a locator choice file (${(error as Error).message}); remove it to start over.`,
    );
  }
}

/** Saves the picks, replacing the file whole (never half-written). */
export async function writeChoices(dir: string, saved: SavedChoices): Promise<void> {
  await writeAtomically(join(dir, CHOICES_FILE), `${JSON.stringify(saved, null, 2)}\n`);
}

/**
 * The picks with one changed: step `seq`'s target `target` located by candidate `code`. Picking the recorded locator
 * removes the pick. Throws, naming what is wrong, for a step, target or candidate the report does not have.
 */
export function withChoice(
  choices: readonly LocatorChoice[],
  report: LocatorReport,
  choice: LocatorChoice,
): LocatorChoice[] {
  const targets = report.targets.filter(target => target.seq === choice.seq);
  if (!targets.length)
    throw new Error(
      `Step ${choice.seq} has no targeted element to locate (steps with targets: ${report.targets.map(target => target.seq).join(', ') || 'none'}).`,
    );
  const target = targets.find(t => t.target === choice.target);
  if (!target)
    throw new Error(`Step ${choice.seq} has ${targets.length} target(s); there is no target ${choice.target}.`);
  const candidate = target.candidates.find(c => c.code === choice.code);
  if (!candidate)
    throw new Error(
      `${choice.code} is not a candidate of step ${choice.seq}; its candidates are: ${target.candidates.map(c => c.code).join(', ')}.`,
    );
  const others = choices.filter(c => c.seq !== choice.seq || c.target !== choice.target);
  return candidate.recorded ? others : [...others, choice];
}
