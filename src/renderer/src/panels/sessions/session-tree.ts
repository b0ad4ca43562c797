import type { SessionInfo } from '../../../../shared/bridge';

/**
 * The sessions as a tree, newest first at each level: a fork right under the session it continues, one level deeper.
 * A fork whose parent is not listed (another folder, deleted) stands at the top with its label.
 */
export function sessionTree(sessions: SessionInfo[]): { session: SessionInfo; depth: number }[] {
  const ids = new Set(sessions.map(session => session.id));
  const children = new Map<string, SessionInfo[]>();
  for (const session of sessions) {
    const parent = session.forkOf && ids.has(session.forkOf.session) ? session.forkOf.session : '';
    children.set(parent, [...(children.get(parent) ?? []), session]);
  }
  const out: { session: SessionInfo; depth: number }[] = [];
  const placed = new Set<string>();
  const visit = (parent: string, depth: number) => {
    for (const session of children.get(parent) ?? []) {
      if (placed.has(session.id)) continue;
      placed.add(session.id);
      out.push({ session, depth });
      visit(session.id, depth + 1);
    }
  };
  visit('', 0);
  // Only sessions forking each other in a ring are left (a hand-edited session.json): listed, not lost.
  for (const session of sessions) if (!placed.has(session.id)) out.push({ session, depth: 0 });
  return out;
}
