/** Input an agent's call set off can still arrive just after the call returned (a late change or blur event). */
const GRACE_MS = 300;

/**
 * When a session's agent is acting. Playwright acts through real input events, as trusted as a person's, so input
 * that arrives while a tool call runs (or just after) is the agent's and must not be recorded as a human step.
 */
export class AgentActivity {
  private running = 0;
  private endedAt = 0;

  async during<T>(action: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await action();
    } finally {
      this.running--;
      this.endedAt = Date.now();
    }
  }

  get acting(): boolean {
    return this.running > 0 || Date.now() - this.endedAt < GRACE_MS;
  }
}
