import type { PlannerConfig } from '../config';
import { DeterministicPlanner } from './deterministic/deterministic-planner';
import { LlmPlanner } from './llm-planner';
import type { Planner } from './planner';
import { RemotePlanner } from './remote-planner';

/** A remote backend when one is configured, else an LLM when one is configured, else the built-in planner. */
export function createPlanner(config: PlannerConfig): Planner {
  if (config.endpoint) return new RemotePlanner(config.endpoint);
  if (config.llm) return new LlmPlanner(config.llm);
  return new DeterministicPlanner();
}
