/** One `### Heading` section of a response text, heading line included; text before the first heading is `(preamble)`. */
export interface TextSection {
  name: string;
  text: string;
}

export const PREAMBLE = '(preamble)';

/**
 * Splits a response text at `### Heading` lines outside code fences (the rule parseResponse follows; a snapshot may
 * contain "###"). The sections put back together are the text exactly, so their sizes add up to the whole.
 */
export function splitSections(text: string): TextSection[] {
  const sections: TextSection[] = [];
  let current: { name: string; lines: string[] } | undefined;
  let inFence = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = !inFence && line.match(/^### (.+)$/);
    if (heading || !current) {
      if (current) sections.push({ name: current.name, text: `${current.lines.join('\n')}\n` });
      current = { name: heading ? heading[1] : PREAMBLE, lines: [] };
    }
    current.lines.push(line);
  }
  if (current) sections.push({ name: current.name, text: current.lines.join('\n') });
  return sections.filter(section => section.text !== '');
}
