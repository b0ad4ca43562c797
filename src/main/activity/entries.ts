import type { ConsoleMessage, Request, Response } from 'playwright';
import { ACTIVITY_LIMITS, consoleLevel, type ConsoleActivity, type NetworkActivity } from '../../shared/activity';

/** An entry before its step is known: the collector adds `seq` (and `between`) when the step is published. */
export type Unplaced<T> = Omit<T, 'seq' | 'between'>;

/**
 * The resource types whose request headers are kept (what "Copy as cURL" is for); a page's hundred images and
 * scripts would only weigh on the recording.
 */
const WITH_HEADERS = new Set(['document', 'fetch', 'xhr', 'other', 'eventsource', 'websocket']);

/** A text cut to ACTIVITY_LIMITS.textChars, saying how long it was. */
export function capText(text: string): string {
  const limit = ACTIVITY_LIMITS.textChars;
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length.toLocaleString('en-US')} characters)`;
}

export function consoleEntry(message: ConsoleMessage, time: number): Unplaced<ConsoleActivity> {
  const { url, lineNumber } = message.location();
  // 1-based, as editors and stack traces count (Playwright's is 0-based).
  const location = url ? `${url}:${lineNumber + 1}` : undefined;
  return {
    kind: 'console',
    level: consoleLevel(message.type()),
    text: capText(message.text()),
    time,
    ...(location && { location }),
  };
}

/** The first `url:line` of a stack trace: where an uncaught exception was thrown. */
const STACK_LOCATION = /\(?((?:https?|file):\/\/[^\s()]+):(\d+):\d+\)?/;

export function pageErrorEntry(error: Error, time: number): Unplaced<ConsoleActivity> {
  const at = error.stack?.match(STACK_LOCATION);
  const text =
    error.name && error.name !== 'Error' && !error.message.startsWith(error.name)
      ? `${error.name}: ${error.message}`
      : error.message;
  return { kind: 'pageerror', level: 'error', text: capText(text), time, ...(at && { location: `${at[1]}:${at[2]}` }) };
}

export function requestEntry(request: Request, id: number, time: number): Unplaced<NetworkActivity> {
  const resourceType = request.resourceType();
  const postData = WITH_HEADERS.has(resourceType) ? textPostData(request) : undefined;
  return {
    id,
    method: request.method(),
    url: request.url(),
    resourceType,
    time,
    ...(WITH_HEADERS.has(resourceType) && { requestHeaders: request.headers() }),
    ...(postData !== undefined && { postData }),
  };
}

function textPostData(request: Request): string | undefined {
  const buffer = request.postDataBuffer();
  if (!buffer || buffer.length > ACTIVITY_LIMITS.postDataChars * 4) return undefined;
  const text = buffer.toString('utf8');
  // A binary body (an upload, protobuf) does not survive as text: keep none rather than mojibake.
  if (text.length > ACTIVITY_LIMITS.postDataChars || text.includes('\uFFFD') || text.includes('\u0000'))
    return undefined;
  return text;
}

/** The response's status and, when the server declared it, its body size: known without a round trip. */
export function responseFields(response: Response): Pick<NetworkActivity, 'status' | 'statusText' | 'size'> {
  const length = Number(response.headers()['content-length']);
  return {
    status: response.status(),
    statusText: response.statusText(),
    ...(Number.isInteger(length) && length >= 0 && { size: length }),
  };
}

/** Start to end of the response, when the browser timed it. */
export function durationOf(request: Request): number | undefined {
  const { responseEnd } = request.timing();
  return responseEnd >= 0 ? Math.round(responseEnd) : undefined;
}
