import { expect, test } from '@playwright/test';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import {
  AmbiguousElementError,
  BrowserError,
  CommandTimeoutError,
  ConnectionError,
  ElementNotFoundError,
  InvalidStateError,
  thrownError,
  toolResultError,
  ToolError,
} from './errors';

test('tool error texts of both servers map to the right error', () => {
  // This project's server, then @playwright/mcp.
  expect(
    toolResultError('Error: Selector "#nope" matches no element. Use a ref from the page snapshot.'),
  ).toMatchObject({ constructor: ElementNotFoundError, selector: '#nope' });
  expect(toolResultError('Error: "#nope" does not match any elements.')).toMatchObject({
    constructor: ElementNotFoundError,
    selector: '#nope',
  });
  expect(
    toolResultError(
      'Error: Ref e999 not found in the current page snapshot. Try capturing new snapshot.',
      "button[name='x']",
    ),
  ).toMatchObject({ selector: "button[name='x']" });
  expect(toolResultError('Error: Selector "input" matches 6 elements; use a ref')).toMatchObject({
    constructor: AmbiguousElementError,
    selector: 'input',
  });
  expect(
    toolResultError(
      "Error: browserBackend.callTool: Error: strict mode violation: locator('input') resolved to 6 elements:\n 1) …",
      'input',
    ).message,
  ).toContain('matches 6 elements');
  expect(toolResultError('Error: page.goto: Target page, context or browser has been closed')).toBeInstanceOf(
    BrowserError,
  );
  expect(toolResultError('Error: browser has disconnected')).toBeInstanceOf(BrowserError);
  expect(toolResultError('Error: locator.click: Timeout 5000ms exceeded.')).toBeInstanceOf(CommandTimeoutError);
  const invalid = toolResultError('Invalid arguments for tool "browser_type":\n✖ expected string');
  expect(invalid).toBeInstanceOf(ToolError);
  expect(invalid.message).toBe('Invalid arguments for tool "browser_type":\n✖ expected string');
  expect(toolResultError('Tool "browser_nope" not found.')).toBeInstanceOf(ToolError);
});

test('thrown errors: SDK timeout, closed connection, protocol refusal, network failure', () => {
  expect(
    thrownError(new McpError(ErrorCode.RequestTimeout, 'Request timed out'), 'browser_snapshot', 500),
  ).toMatchObject({
    constructor: CommandTimeoutError,
    message: 'browser_snapshot got no answer within 500 ms',
  });
  expect(thrownError(new McpError(ErrorCode.ConnectionClosed, 'Connection closed'), 'snapshot')).toBeInstanceOf(
    ConnectionError,
  );
  expect(thrownError(new McpError(ErrorCode.InvalidParams, 'bad'), 'snapshot')).toBeInstanceOf(ToolError);
  const network = thrownError(new TypeError('fetch failed'), 'navigate');
  expect(network).toBeInstanceOf(ConnectionError);
  expect(network.cause).toBeInstanceOf(TypeError);
  const own = new ToolError('x');
  expect(thrownError(own, 'op')).toBe(own);
});

test('retryable flags and kinds', () => {
  expect(
    [new ConnectionError('a'), new CommandTimeoutError('b'), new BrowserError('c')].map(e => [e.kind, e.retryable]),
  ).toEqual([
    ['connection', true],
    ['timeout', true],
    ['browser', true],
  ]);
  expect(
    [
      new ToolError('a'),
      new ElementNotFoundError('#a'),
      new AmbiguousElementError('a', []),
      new InvalidStateError('click', 'Disconnected'),
    ].map(e => [e.kind, e.retryable, e.name]),
  ).toEqual([
    ['tool', false, 'ToolError'],
    ['element-not-found', false, 'ElementNotFoundError'],
    ['ambiguous-element', false, 'AmbiguousElementError'],
    ['state', false, 'InvalidStateError'],
  ]);
});

test('messages name the selector, the screenshot and the state', () => {
  const notFound = new ElementNotFoundError("button[name='Go']", ['button "Go on" [ref=e3]']);
  notFound.attachScreenshot('/tmp/shot.png');
  expect(notFound.message).toBe(
    'No element matches "button[name=\'Go\']". Near candidates: button "Go on" [ref=e3]. Screenshot: /tmp/shot.png',
  );
  expect(notFound.screenshotPath).toBe('/tmp/shot.png');
  expect(new InvalidStateError('click', 'Disconnected').message).toBe(
    'Cannot run click: the client is in state Disconnected. Call connect() first.',
  );
  expect(new InvalidStateError('click', 'Error', new Error('server exited')).message).toBe(
    'Cannot run click: the client is in state Error (server exited). Call connect() to reconnect.',
  );
});
