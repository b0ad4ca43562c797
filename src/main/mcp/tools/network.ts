import { z } from 'zod';
import type { Response as PlaywrightResponse } from 'playwright';
import type { NetworkEntry } from '../../browser/tab-events';
import { outputPath, resultOrFile, timestamp, writeOutput } from '../files';
import { defineTool } from '../tool';

const MAX_BODY = 100_000;

/**
 * What the list leaves out unless asked for `static`, as @playwright/mcp does: everything but fetch/XHR (documents,
 * scripts, images…) that got a response below 400. Failed and pending requests always show.
 */
const isSuccessfulStatic = (entry: NetworkEntry) =>
  !['fetch', 'xhr'].includes(entry.request.resourceType()) &&
  !entry.failure &&
  entry.status !== undefined &&
  entry.status < 400;

function summary(entry: NetworkEntry, index: number): string {
  const outcome = entry.failure
    ? ` => [FAILED] ${entry.failure}`
    : entry.status !== undefined
      ? ` => [${entry.status}] ${entry.statusText}`
      : '';
  return `${index}. [${entry.request.method().toUpperCase()}] ${entry.request.url()}${outcome}`;
}

const networkRequests = defineTool({
  name: 'browser_network_requests',
  title: 'List network requests',
  description:
    'Returns a numbered list of network requests since loading the page. Use browser_network_request with the number to get full details.',
  schema: z.strictObject({
    static: z
      .boolean()
      .default(false)
      .describe('Whether to include successful static resources like images, fonts, scripts, etc. Defaults to false.'),
    filter: z.string().optional().describe('Only return requests whose URL matches this regexp (e.g. "/api/.*user").'),
    filename: z
      .string()
      .optional()
      .describe(
        'File name to save the network requests to. Relative file names are resolved against the workspace root. If not provided, requests are returned as text.',
      ),
  }),
  scope: 'page',
  readOnly: true,
  async handler({ args, tab, context, response }) {
    let filter: RegExp | undefined;
    try {
      filter = args.filter === undefined ? undefined : new RegExp(args.filter);
    } catch (error) {
      throw new Error(`Invalid filter regexp "${args.filter}": ${(error as Error).message}`);
    }
    const lines: string[] = [];
    let hiddenStatic = 0;
    tab.network.forEach((entry, i) => {
      if (!args.static && isSuccessfulStatic(entry)) return void hiddenStatic++;
      if (filter && !filter.test(entry.request.url())) return;
      lines.push(summary(entry, i + 1));
    });
    if (hiddenStatic)
      lines.push(
        `\nNote: ${hiddenStatic} static request${hiddenStatic === 1 ? '' : 's'} not shown, run with "static" option to see ${hiddenStatic === 1 ? 'it' : 'them'}.`,
      );
    await resultOrFile(context, response, args.filename, lines.join('\n') || 'No requests.');
  },
});

/** Content types whose body reads as text: text/*, JSON, JavaScript, XML, GraphQL, form data and SVG. */
const isText = (contentType: string) =>
  /^(text\/|image\/svg)|[/+](json|xml)\b|javascript|ecmascript|graphql|x-www-form-urlencoded/.test(
    contentType.split(';')[0].trim(),
  );

/** A file extension for a binary body by its content type (image/png → png), `bin` when it says nothing usable. */
const extensionOf = (contentType: string) =>
  contentType
    .split(';')[0]
    .trim()
    .match(/^[\w-]+\/([\w]+)$/)?.[1]
    .replace(/^octet$/, 'bin') ?? 'bin';

const headers = (record: Record<string, string>) =>
  Object.entries(record)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
const clip = (text: string) =>
  text.length > MAX_BODY
    ? `${text.slice(0, MAX_BODY)}\n… (${text.length - MAX_BODY} more characters; use filename to save all)`
    : text;

/** A header block of the details, as @playwright/mcp indents it; nothing when there are no headers. */
const headerBlock = (title: string, record: Record<string, string>) =>
  Object.keys(record).length ? ['', `  ${title}`, ...Object.entries(record).map(([k, v]) => `    ${k}: ${v}`)] : [];

/** Statuses whose response has no body to read. */
const hasBody = (status: number | undefined) =>
  status !== undefined && status !== 204 && status !== 304 && !(status >= 100 && status < 200);

/** One request's details in @playwright/mcp's layout: the request line, General, both header blocks, then what else to ask for. */
function details(entry: NetworkEntry, index: number, response: PlaywrightResponse | null): string {
  const { request } = entry;
  const responseHeaders = response?.headers();
  const timing = request.timing();
  const contentType = responseHeaders?.['content-type'];
  const lines = [
    `#${index} [${request.method().toUpperCase()}] ${request.url()}`,
    '',
    '  General',
    ...(response
      ? [`    status:    [${response.status()}] ${response.statusText()}`]
      : entry.failure
        ? [`    status:    [FAILED] ${entry.failure}`]
        : []),
    ...(timing.responseEnd >= 0 ? [`    duration:  ${Math.round(timing.responseEnd)}ms`] : []),
    `    type:      ${request.resourceType()}`,
    ...(contentType ? [`    mimeType:  ${contentType.split(';')[0].trim()}`] : []),
    ...headerBlock('Request headers', request.headers()),
    ...(responseHeaders ? headerBlock('Response headers', responseHeaders) : []),
  ];
  const hints = [
    ...(request.postData() !== null ? ['request-body'] : []),
    ...(hasBody(response?.status()) ? ['response-body'] : []),
  ].map(part => `Call browser_network_request with part="${part}" to read the ${part.replace('-', ' ')}.`);
  return [...lines, ...(hints.length ? ['', ...hints] : [])].join('\n');
}

const networkRequest = defineTool({
  name: 'browser_network_request',
  title: 'Show a network request',
  description: 'Returns the details of one network request: headers and bodies',
  schema: z.strictObject({
    index: z.number().int().min(1).describe('1-based index of the request, as printed by browser_network_requests.'),
    part: z
      .enum(['request-headers', 'request-body', 'response-headers', 'response-body'])
      .optional()
      .describe('Return only this part of the request. Omit to return full details.'),
    filename: z
      .string()
      .optional()
      .describe(
        'File name to save the result to. Relative file names are resolved against the workspace root. If not provided, output is returned as text.',
      ),
  }),
  scope: 'page',
  readOnly: true,
  async handler({ args, tab, context, response: toolResponse }) {
    const entry = tab.network[args.index - 1];
    // The peer's words, as its own error line (no "Error:" before them).
    if (!entry)
      return toolResponse.addError(
        `Request #${args.index} not found. Use browser_network_requests to see available indexes.`,
      );
    const response = await entry.request.response().catch(() => null);
    const answer = (text: string) =>
      resultOrFile(context, toolResponse, args.filename, args.filename ? text : clip(text));
    switch (args.part) {
      case undefined:
        return answer(details(entry, args.index, response));
      case 'request-headers':
        return answer(headers(entry.request.headers()));
      // No body, no response: nothing to answer, as the peer answers.
      case 'request-body': {
        const body = entry.request.postData();
        return body === null ? undefined : answer(body);
      }
      case 'response-headers':
        return response ? answer(headers(response.headers())) : undefined;
      case 'response-body': {
        if (!response) return;
        const type = response.headers()['content-type'] ?? '';
        if (isText(type)) {
          const text = await response.text().catch(() => undefined);
          return text === undefined ? undefined : answer(text);
        }
        // Bytes would arrive garbled as text: saved to a file, whose path is the answer (as @playwright/mcp does).
        if (!hasBody(response.status())) return;
        const body = await response.body().catch(() => undefined);
        if (!body?.length) return;
        toolResponse.addResult(
          await writeOutput(
            context,
            outputPath(context.workspace, args.filename, `response-${timestamp()}.${extensionOf(type)}`),
            body,
          ),
        );
      }
    }
  },
});

export default [networkRequests, networkRequest];
