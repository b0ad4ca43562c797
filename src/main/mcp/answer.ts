// What the agent reads of a call, apart from running it: errors worded as @playwright/mcp words them, and the answer
// rendered from a call's sections as --codegen, --response-max-size and --image-responses shape it.
import { types } from 'node:util';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Context } from '../browser/context';
import type { CoreConfig } from '../config';
import { renderResponse, type ParsedResponse } from '../../shared/response';
import { codeFence } from '../codegen/action';
import { codeInLanguage } from '../secrets';
import { capText } from './output-cap';
import type { Response } from './response';
import { allTools } from './tools';

/** Longer lines of an error are cut: a megabyte URL would otherwise be quoted whole, twice (message and call log). */
const MAX_ERROR_LINE = 1_000;

/** An Error of this realm or another one's (what browser_run_code_unsafe's code throws in its own context). */
const isError = (value: unknown): value is Error => value instanceof Error || types.isNativeError(value);

/** An error's message with Playwright's call log (what was tried, as @playwright/mcp shows it) but no stack. */
function errorText(error: unknown): string {
  const message = isError(error) ? error.message : String(error);
  return message
    .split(/\n\s+at /)[0]
    .trim()
    .split('\n')
    .map(line =>
      line.length > MAX_ERROR_LINE
        ? `${line.slice(0, MAX_ERROR_LINE)}… (${line.length.toLocaleString('en-US')} characters)`
        : line,
    )
    .join('\n');
}

/** What a tool threw, with the error's own class, as the peer prints it (`TimeoutError: …`). */
export function thrownText(error: unknown): string {
  return `${isError(error) && error.name ? error.name : 'Error'}: ${errorText(error)}`;
}

/** The answer to a call of a tool this session does not offer, with what would enable it when something would. */
export function toolNotFound(name: string): { result: CallToolResult; sections: ParsedResponse } {
  const capability = allTools.find(t => t.name === name)?.capability;
  const hint =
    name === 'browser_run_code_unsafe'
      ? 'It is only available when the server runs with --allow-unsafe-code.'
      : capability
        ? `It is only available when the server runs with --caps=${capability}.`
        : undefined;
  // The error is @playwright/mcp's own, word for word; what enables the tool (the peer does not say) is a note of ours.
  const error = `Tool "${name}" not found`;
  const content: CallToolResult['content'] = [{ type: 'text', text: `### Error\n${error}` }];
  if (hint) content.push({ type: 'text', text: `### Note\n${hint}` });
  return { result: { content, isError: true } as CallToolResult, sections: { error } };
}

/**
 * The agent's answer from a call's (redacted) sections: `full` is every section rendered, as the recording keeps them;
 * `text` is what the agent reads of them, and `result` carries it with the call's images.
 */
export async function renderAnswer(
  config: Pick<CoreConfig, 'codegen' | 'responseMaxSize' | 'imageResponses'>,
  context: Context,
  sections: ParsedResponse,
  response: Response,
): Promise<{ full: string; text: string; result: CallToolResult }> {
  // The recording keeps every section (--codegen none still exports); responseText is what the agent read when that differs.
  const full = renderResponse(sections);
  // --codegen none leaves the code out of what the agent reads, and so does a thrown error, as @playwright/mcp
  // answers: the recording keeps the code that failed for the inspector. Another language is only what the agent reads.
  const language = config.codegen;
  const rendered =
    language === 'none' || (sections.error && response.errorOnly)
      ? renderResponse({ ...sections, code: undefined })
      : language === 'typescript' || !sections.code
        ? full
        : renderResponse(
            { ...sections, code: codeInLanguage(context.secrets, response.statements, language) },
            codeFence(language),
          );
  const maxBytes = config.responseMaxSize;
  const text = maxBytes === undefined ? rendered : await capText(context, rendered, maxBytes);
  const images =
    config.imageResponses === 'omit'
      ? []
      : response.images
          .filter(image => !image.recordOnly)
          .map(image => ({
            type: 'image' as const,
            data: image.data.toString('base64'),
            mimeType: image.mimeType,
          }));
  const onlyImages = config.imageResponses === 'only' && images.length > 0;
  const result: CallToolResult = { content: onlyImages ? images : [{ type: 'text', text }, ...images] };
  if (sections.error) result.isError = true;
  return { full, text, result };
}
