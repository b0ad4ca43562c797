import { expect, test } from '@playwright/test';
import { StateMachine, type ConnectionState } from './state';

test('listeners see each transition with the previous state and the cause of Error', () => {
  const machine = new StateMachine();
  const seen: [ConnectionState, ConnectionState, string | undefined][] = [];
  const unsubscribe = machine.subscribe((state, previous, cause) => seen.push([state, previous, cause?.message]));
  expect(machine.state).toBe('Disconnected');
  for (const state of ['Connecting', 'Ready', 'Busy', 'Ready', 'Busy'] as const) machine.to(state);
  machine.to('Error', new Error('server exited'));
  expect(machine.cause?.message).toBe('server exited');
  machine.to('Disconnecting');
  expect(machine.cause).toBeUndefined();
  unsubscribe();
  machine.to('Disconnected');
  expect(seen).toEqual([
    ['Connecting', 'Disconnected', undefined],
    ['Ready', 'Connecting', undefined],
    ['Busy', 'Ready', undefined],
    ['Ready', 'Busy', undefined],
    ['Busy', 'Ready', undefined],
    ['Error', 'Busy', 'server exited'],
    ['Disconnecting', 'Error', undefined],
  ]);
});

test('a transition outside the diagram throws and changes nothing', () => {
  const machine = new StateMachine();
  expect(() => machine.to('Busy')).toThrow('Invalid connection state transition Disconnected → Busy');
  machine.to('Connecting');
  machine.to('Error');
  expect(() => machine.to('Ready')).toThrow('Error → Ready');
  expect(machine.state).toBe('Error');
});

test('a throwing listener is reported and does not stop the transition or other listeners', () => {
  const reported: unknown[] = [];
  const machine = new StateMachine(error => reported.push(error));
  const after: ConnectionState[] = [];
  machine.subscribe(() => {
    throw new Error('listener bug');
  });
  machine.subscribe(state => after.push(state));
  machine.to('Connecting');
  expect(machine.state).toBe('Connecting');
  expect(after).toEqual(['Connecting']);
  expect(reported).toHaveLength(1);
});
