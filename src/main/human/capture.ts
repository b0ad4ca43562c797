import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright';
import type { ResolvedTarget } from '../../shared/events';
import { humanMessage } from './messages';
import { installHumanCapture } from './page-script';
import { resolveTarget } from './resolve';
import { humanStep, type HumanStep } from './steps';

/** How a Context hands what a person did to its session, which owns the sequence numbers and the bus. */
export interface HumanStepHooks {
  /** True while the session's agent is acting (see AgentActivity): trusted input then is the agent's. */
  agentActing(): boolean;
  publish(step: HumanStep): Promise<void>;
}

interface PageState {
  /** Element id → its locator, resolved when the element was pressed or focused. */
  armed: Map<string, Promise<ResolvedTarget>>;
  /** Field id → who gave it its last input. */
  typedBy: Map<string, 'agent' | 'human'>;
}

const MAX_ARMED = 32;
const MAX_FIELDS = 256;

/**
 * Records what a person does by hand in the context's pages (human takeover): installs the in-page capture
 * (page-script.ts) behind a binding whose name is unguessable and hidden from page scripts, and turns its reports
 * into steps, published in the order they happened.
 */
export async function captureHumanSteps(
  context: BrowserContext,
  secrets: Record<string, string>,
  hooks: HumanStepHooks,
): Promise<void> {
  const pages = new WeakMap<Page, PageState>();
  let queue = Promise.resolve();
  let open = true;
  context.on('close', () => (open = false));

  const binding = `__ai_${randomBytes(16).toString('hex')}`;
  await context.exposeBinding(binding, ({ page, frame }, raw: unknown) => {
    const parsed = humanMessage.safeParse(raw);
    if (!page || frame !== page.mainFrame() || !parsed.success) return;
    const message = parsed.data;
    const startedAt = Date.now();
    let state = pages.get(page);
    if (!state) pages.set(page, (state = { armed: new Map(), typedBy: new Map() }));

    switch (message.kind) {
      case 'input':
        remember(state.typedBy, message.id, hooks.agentActing() ? 'agent' : 'human', MAX_FIELDS);
        return;
      case 'arm':
        if (!hooks.agentActing() && !state.armed.has(message.id))
          remember(state.armed, message.id, resolveTarget(page, message.path), MAX_ARMED);
        return;
      case 'type': {
        // Who typed decides, not when it was committed: an agent's click may well blur the field a person filled.
        const typedBy = state.typedBy.get(message.id);
        state.typedBy.delete(message.id);
        if (typedBy !== 'human') return;
        break;
      }
      default:
        if (hooks.agentActing()) return;
    }

    // Resolve now, in parallel; the queue publishes steps in the order they happened.
    let target: Promise<ResolvedTarget> | undefined;
    if (message.kind !== 'key') {
      target = state.armed.get(message.id) ?? resolveTarget(page, message.path);
      state.armed.delete(message.id);
    }
    const url = page.url();
    const title = page.title().catch(() => undefined);
    queue = queue
      .then(async () => {
        const step = humanStep(message, { target: await target, url, title: await title, startedAt }, secrets);
        if (open) await hooks.publish(step);
      })
      .catch(error => console.error('[human-steps] could not record a step:', error));
  });
  await context.addInitScript(installHumanCapture, binding);
}

/** A bounded map: the oldest entry goes when it is full. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}
