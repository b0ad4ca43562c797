import type { InteractRequest, InteractResponse } from '../../shared/negotiation';

/**
 * The backend side of seed 003: given the page state the client sent, either the next action or a request for more
 * context. The endpoint (`POST /api/agent/interact`), the client loop and the scenario parser all speak to this.
 */
export interface Planner {
  /** Shown in logs, events and the UI: `deterministic`, `llm:<model>`, `remote:<url>`. */
  readonly name: string;
  plan(request: InteractRequest, signal?: AbortSignal): Promise<InteractResponse>;
}

/** A planner that could not produce an answer (model unreachable, malformed reply): not the client's fault. */
export class PlannerError extends Error {
  override name = 'PlannerError';
}
