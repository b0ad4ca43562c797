import type { ToolCallEvent } from '../../shared/events';
import { renderResponse, splitSections } from '../../shared/response';
import { PREAMBLE_SECTION, TOKEN_ENCODING, type SectionTokens, type StepTokens } from '../../shared/tokens';
import type { TokenCounter } from './counter';
import { imageSize } from './image-size';
import { imageTokens } from './image-tokens';

/**
 * The text items the agent received for a call: ours answer one, rendered from the sections; a proxy's are kept; a
 * person's edit in the inspector replaced them.
 */
const receivedTexts = (event: ToolCallEvent): string[] =>
  event.debug?.sent ? [event.debug.sent.text] : (event.responseText ?? [renderResponse(event.response)]);

/** What a call's response cost the agent's context, section by section, then its image. */
export async function stepTokens(event: ToolCallEvent, counter: TokenCounter): Promise<StepTokens> {
  const sections = receivedTexts(event).flatMap(sectionTexts);
  const counts = await counter.count(sections.map(section => section.text));
  const counted: SectionTokens[] = sections.map((section, index) => ({
    name: section.name,
    bytes: Buffer.byteLength(section.text),
    tokens: counts[index],
  }));
  const image = event.imageReturned && event.screenshot && imageSection(event.screenshot.base64);
  if (image) counted.push(image);
  const total = counted.reduce(
    (sum, section) => ({ bytes: sum.bytes + section.bytes, tokens: sum.tokens + section.tokens }),
    { bytes: 0, tokens: 0 },
  );
  return { encoding: TOKEN_ENCODING, total, sections: counted };
}

/** A text's sections, each with the newline that ends it, so that their sizes add up to the whole text's. */
function sectionTexts(text: string): { name: string; text: string }[] {
  const sections = splitSections(text);
  return sections.map((section, index) => ({
    name: section.title ?? PREAMBLE_SECTION,
    text: index < sections.length - 1 ? `${section.text}\n` : section.text,
  }));
}

/** An image item, sized as it travels (base64) and counted by the tile rule; unknown formats are left out. */
function imageSection(base64: string): SectionTokens | undefined {
  const size = imageSize(Buffer.from(base64, 'base64'));
  return size && { name: 'Image', bytes: base64.length, tokens: imageTokens(size), estimate: true };
}
