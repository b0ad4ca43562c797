import type { ActivityCounts } from './activity';

/** What a recorded run came to: the sessions list's, a report's front page's and the sessions MCP's figures. */
export interface RunStats {
  /** From the first call's start to the last call's end. */
  durationMs: number;
  failedCalls: number;
  pageErrors: number;
  failedRequests: number;
  /** Tokens the agent received in the responses, where counted. */
  tokens?: number;
}

export interface StatsStep {
  startedAt: number;
  endedAt: number;
  outcome: 'ok' | 'error';
  activity?: ActivityCounts;
  /** The response's token count, once counted. */
  tokens?: number;
}

export function runStats(steps: StatsStep[]): RunStats {
  const counted = steps.filter(step => step.tokens !== undefined);
  return {
    durationMs: steps.length ? Math.max(...steps.map(step => step.endedAt)) - steps[0].startedAt : 0,
    failedCalls: steps.filter(step => step.outcome === 'error').length,
    pageErrors: steps.reduce((sum, step) => sum + (step.activity?.errors ?? 0), 0),
    failedRequests: steps.reduce((sum, step) => sum + (step.activity?.failed ?? 0), 0),
    ...(counted.length && { tokens: counted.reduce((sum, step) => sum + step.tokens!, 0) }),
  };
}
