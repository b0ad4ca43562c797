import { expect } from '@playwright/test';
import type { BridgeCommand, BridgeInput, BridgeOutput } from '../../src/shared/bridge';
import type { HeldCall } from '../../src/shared/debugger';
import type { McpTestClient, ToolResult } from './mcp';
import { parseResponse } from '../../src/shared/response';

/** The inspector's bridge over POST /api/bridge/<command>, as a script drives it; throws the server's error text. */
export function httpBridge(url: string, token?: string) {
  return async <C extends BridgeCommand>(command: C, input: BridgeInput<C>): Promise<BridgeOutput<C>> => {
    const response = await fetch(`${url}/api/bridge/${command}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(input),
    });
    const reply = (await response.json()) as { ok: boolean; result?: unknown; error?: string };
    if (!reply.ok) throw Object.assign(new Error(reply.error), { status: response.status });
    return reply.result as BridgeOutput<C>;
  };
}

export type Bridge = ReturnType<typeof httpBridge>;

/** The session's held call, once the debugger holds one (waits for it). */
export async function heldCall(bridge: Bridge, sessionId?: string): Promise<HeldCall & { sessionId: string }> {
  let found: (HeldCall & { sessionId: string }) | undefined;
  await expect
    .poll(
      async () => {
        const { sessions } = await bridge('debugState', {});
        const entry = Object.entries(sessions).find(([id, state]) => (!sessionId || id === sessionId) && state.held);
        found = entry && { ...entry[1].held!, sessionId: entry[0] };
        return !!found;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** A tool call as an agent makes it, counting the progress notifications it gets while it waits. */
export function callWithProgress(mcp: McpTestClient, name: string, args: Record<string, unknown> = {}) {
  const progress: string[] = [];
  let settled = false;
  const result = mcp.client
    .callTool({ name, arguments: args }, undefined, {
      onprogress: notification => void progress.push(notification.message ?? ''),
      resetTimeoutOnProgress: true,
      timeout: 120_000,
    })
    .then(
      raw => {
        settled = true;
        const content = raw.content as { type: string; text?: string }[];
        const text = content
          .filter(item => item.type === 'text')
          .map(item => item.text)
          .join('\n');
        return { text, parsed: parseResponse(text), isError: !!raw.isError, images: [] } as ToolResult;
      },
      error => {
        settled = true;
        throw error;
      },
    );
  return { result, progress, settled: () => settled };
}
