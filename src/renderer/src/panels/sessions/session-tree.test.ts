import { expect, test } from '@playwright/test';
import type { SessionInfo } from '../../../../shared/bridge';
import { sessionTree } from './session-tree';

const session = (id: string, startedAt: number, forkOf?: string): SessionInfo => ({
  id,
  live: false,
  running: false,
  transport: 'stdio',
  startedAt,
  steps: 1,
  ...(forkOf && { forkOf: { session: forkOf, step: 2 } }),
});

test('forks sit under the session they continue, newest first at each level; a fork of a fork one level deeper', () => {
  // Newest first, as the bridge lists them.
  const sessions = [session('c', 5, 'a'), session('d', 4, 'b'), session('b', 3, 'a'), session('x', 2), session('a', 1)];
  expect(sessionTree(sessions).map(({ session, depth }) => `${depth}:${session.id}`)).toEqual([
    '0:x',
    '0:a',
    '1:c',
    '1:b',
    '2:d',
  ]);
});

test('a fork whose parent is not listed stands at the top; sessions forking each other in a ring are still listed', () => {
  expect(
    sessionTree([session('f', 2, 'gone'), session('a', 1)]).map(({ session, depth }) => `${depth}:${session.id}`),
  ).toEqual(['0:f', '0:a']);
  expect(
    sessionTree([session('p', 2, 'q'), session('q', 1, 'p')])
      .map(({ session }) => session.id)
      .sort(),
  ).toEqual(['p', 'q']);
});
