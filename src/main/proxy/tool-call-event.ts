import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCallEvent } from '../../shared/events';
import { parseResponse, renderResponse, type ParsedResponse } from '../../shared/response';
import { redactDeep } from '../secrets';

export interface ForwardedCall {
  sessionId: string;
  seq: number;
  tool: string;
  args: Record<string, unknown>;
  startedAt: number;
}

/** A response with no Markdown sections (an upstream that does not speak Playwright MCP's format) keeps its text whole. */
function sectionsOf(text: string, isError: boolean): ParsedResponse {
  const parsed = parseResponse(text);
  if (Object.keys(parsed).length || !text.trim()) return parsed;
  return isError ? { error: text } : { result: text };
}

/**
 * The event for one forwarded call, read back from the upstream's answer the way the UI reads any Playwright MCP
 * response. Only the record is redacted: the agent got the upstream's answer as it was.
 */
export function toolCallEvent(
  call: ForwardedCall,
  result: CallToolResult,
  secrets: Record<string, string>,
): ToolCallEvent {
  const texts = result.content.flatMap(part => (part.type === 'text' ? [part.text] : []));
  const text = texts.join('\n');
  const response = redactDeep(secrets, sectionsOf(text, !!result.isError));
  const image = result.content.find(part => part.type === 'image');
  // The upstream formats its own answer: keep the exact text where the sections would not render it back.
  const exact = redactDeep(secrets, texts);
  const roundTrips = exact.length === 1 && renderResponse(response) === exact[0];
  return {
    type: 'tool-call',
    ...call,
    args: redactDeep(secrets, call.args),
    endedAt: Date.now(),
    outcome: result.isError ? 'error' : 'ok',
    response,
    code: response.code ?? '',
    url: response.page?.url,
    title: response.page?.title,
    ariaSnapshot: response.snapshot?.yaml,
    screenshot: image && { mimeType: image.mimeType, base64: image.data },
    ...(image && { imageReturned: true }),
    ...(!roundTrips && { responseText: exact }),
  };
}
