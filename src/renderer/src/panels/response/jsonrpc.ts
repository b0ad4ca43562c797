import type { StepDetail, StepImage } from '../../../../shared/bridge';

/**
 * The call as a JSON-RPC `tools/call` request and its result, as they crossed the wire (secrets already redacted by
 * the server): what a user pastes into a bug report or replays in a test. The step's number is the request id.
 */
export function jsonRpcPair(detail: StepDetail, image: StepImage | undefined): string {
  const { step, content } = detail;
  const request = {
    jsonrpc: '2.0',
    id: step.seq,
    method: 'tools/call',
    params: { name: step.tool, arguments: step.args },
  };
  const items = content.map(item =>
    item.type === 'text'
      ? { type: 'text', text: item.text }
      : { type: 'image', mimeType: item.mimeType, data: image?.base64 ?? '' },
  );
  const result = { content: items, ...(step.outcome === 'error' && { isError: true }) };
  return JSON.stringify([request, { jsonrpc: '2.0', id: step.seq, result }], null, 2);
}
