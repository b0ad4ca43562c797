import { splitCommandLine } from '../command-line';

/** The upstream command (`--upstream`) as argv, split like a shell without a shell: nothing is expanded. */
export function splitCommand(command: string): string[] {
  let words: string[];
  try {
    words = splitCommandLine(command);
  } catch (error) {
    throw new Error(`${(error as Error).message.replace(' in command line:', ' quote in the upstream command:')}`);
  }
  if (!words.length) throw new Error('The upstream command is empty.');
  return words;
}
