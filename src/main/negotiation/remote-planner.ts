import { interactResponseSchema, type InteractRequest, type InteractResponse } from '../../shared/negotiation';
import { PlannerError, type Planner } from './planner';

const TIMEOUT_MS = 120_000;

/** The client side of seed 003 over HTTP: posts each round to another backend's `POST /api/agent/interact`. */
export class RemotePlanner implements Planner {
  readonly name: string;

  constructor(private readonly endpoint: string) {
    this.name = `remote:${endpoint}`;
  }

  async plan(request: InteractRequest, signal?: AbortSignal): Promise<InteractResponse> {
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    let response: globalThis.Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      const reason = timeout.aborted
        ? `no answer within ${TIMEOUT_MS / 1000} s`
        : ((error as Error).cause ?? (error as Error).message);
      throw new PlannerError(`Planner endpoint ${this.endpoint} is unreachable: ${reason}`);
    }
    const text = await response.text();
    if (!response.ok)
      throw new PlannerError(`Planner endpoint ${this.endpoint} answered ${response.status}: ${errorOf(text)}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new PlannerError(
        `Planner endpoint ${this.endpoint} answered with something other than JSON: ${text.slice(0, 200)}`,
      );
    }
    const parsed = interactResponseSchema.safeParse(body);
    if (!parsed.success) {
      const problems = parsed.error.issues
        .map(issue => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
        .join('; ');
      throw new PlannerError(`Planner endpoint ${this.endpoint} answered outside the contract: ${problems}`);
    }
    return parsed.data;
  }
}

const errorOf = (text: string) => {
  try {
    return (JSON.parse(text) as { error?: string }).error ?? text.slice(0, 200);
  } catch {
    return text.slice(0, 200);
  }
};
