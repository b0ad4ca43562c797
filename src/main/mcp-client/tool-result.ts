import { parseResponse, type ParsedResponse } from '../../shared/response';

/** An image a tool returned (screenshots), base64-encoded. */
export interface ToolImage {
  mimeType: string;
  data: string;
}

/** One tool call's answer: its Markdown text, split into sections by `parseResponse()`. */
export interface ToolResult {
  tool: string;
  text: string;
  sections: ParsedResponse;
  /** Always false for results the client returns: error results are thrown as client errors instead. */
  isError: boolean;
  images: ToolImage[];
}

interface RawContent {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
}

/** Builds a ToolResult from the SDK's CallToolResult. */
export function toToolResult(tool: string, raw: Record<string, unknown>): ToolResult {
  const content = Array.isArray(raw.content) ? (raw.content as RawContent[]) : [];
  const text = content
    .filter(item => item.type === 'text')
    .map(item => item.text ?? '')
    .join('\n');
  return {
    tool,
    text,
    sections: parseResponse(text),
    isError: raw.isError === true,
    images: content.flatMap(item =>
      item.type === 'image' && item.data ? [{ mimeType: item.mimeType ?? 'image/png', data: item.data }] : [],
    ),
  };
}

/** The target of the first Markdown link, e.g. `sub/shot.png` in `- [Screenshot of viewport](sub/shot.png)`. */
export function linkedPath(markdown: string | undefined): string | undefined {
  return markdown?.match(/\]\(([^)]+)\)/)?.[1];
}
