import { expect, test } from '@playwright/test';
import { McpClientPool, type PoolableClient } from './pool';
import type { ConnectionState } from './state';

class FakeClient implements PoolableClient {
  state: ConnectionState = 'Ready';
  disconnects = 0;
  constructor(readonly id: number) {}
  async disconnect() {
    this.disconnects++;
    this.state = 'Disconnected';
  }
}

function fakePool(size: number, create?: (index: number) => Promise<FakeClient>) {
  const created: FakeClient[] = [];
  const pool = new McpClientPool<FakeClient>({
    size,
    create:
      create ??
      (async index => {
        const client = new FakeClient(index);
        created.push(client);
        return client;
      }),
  });
  return { pool, created };
}

const tick = () => new Promise(resolve => setTimeout(resolve, 5));

test('creates clients lazily, up to size, and reuses released ones', async () => {
  const { pool, created } = fakePool(2);
  expect(pool.stats).toEqual({ size: 0, idle: 0, busy: 0, waiting: 0, created: 0 });
  const a = await pool.acquire();
  const b = await pool.acquire();
  expect([a.id, b.id]).toEqual([0, 1]);
  pool.release(a);
  expect(pool.stats).toMatchObject({ size: 2, idle: 1, busy: 1 });
  expect(await pool.acquire()).toBe(a);
  expect(created).toHaveLength(2);
});

test('waits when all clients are busy and hands released clients over in FIFO order', async () => {
  const { pool } = fakePool(1);
  const first = await pool.acquire();
  const order: string[] = [];
  const second = pool.acquire().then(client => (order.push('second'), client));
  const third = pool.acquire().then(client => (order.push('third'), client));
  await tick();
  expect(pool.stats.waiting).toBe(2);
  pool.release(first);
  expect(await second).toBe(first);
  pool.release(first);
  expect(await third).toBe(first);
  expect(order).toEqual(['second', 'third']);
});

test('use() releases even when the function throws', async () => {
  const { pool } = fakePool(1);
  await expect(
    pool.use(() => {
      throw new Error('task failed');
    }),
  ).rejects.toThrow('task failed');
  expect(pool.stats).toMatchObject({ idle: 1, busy: 0 });
  expect(await pool.use(client => client.id)).toBe(0);
});

test('a client that ended in Error is replaced, at release or when found idle', async () => {
  const { pool, created } = fakePool(1);
  const broken = await pool.acquire();
  const waiting = pool.acquire();
  await tick();
  broken.state = 'Error';
  pool.release(broken);
  const replacement = await waiting;
  expect(replacement).not.toBe(broken);
  expect(broken.disconnects).toBe(1);
  pool.release(replacement);
  replacement.state = 'Error';
  const next = await pool.acquire();
  expect(next.id).toBe(2);
  expect(created).toHaveLength(3);
  expect(pool.stats.size).toBe(1);
});

test('never exceeds size while replacing, with many parallel users', async () => {
  const { pool } = fakePool(2);
  let inUse = 0;
  let peak = 0;
  await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      pool.use(async client => {
        inUse++;
        peak = Math.max(peak, inUse, pool.stats.size);
        await tick();
        if (i % 3 === 0) client.state = 'Error';
        inUse--;
      }),
    ),
  );
  expect(peak).toBe(2);
  expect(pool.stats.size).toBeLessThanOrEqual(2);
});

test('a failed creation frees its slot for the next waiter', async () => {
  let calls = 0;
  const { pool } = fakePool(1, async index => {
    calls++;
    if (index === 0) throw new Error('cannot start');
    return new FakeClient(index);
  });
  await expect(pool.acquire()).rejects.toThrow('cannot start');
  expect((await pool.acquire()).id).toBe(1);
  expect(calls).toBe(2);
});

test('close() rejects waiters, disconnects every client and refuses new acquires', async () => {
  const { pool, created } = fakePool(1);
  const held = await pool.acquire();
  const waiting = pool.acquire();
  await pool.close();
  await expect(waiting).rejects.toThrow('The pool was closed');
  expect(held.disconnects).toBe(1);
  expect(created.every(client => client.state === 'Disconnected')).toBe(true);
  await expect(pool.acquire()).rejects.toThrow('The pool is closed');
  pool.release(held);
});

test('release() of a foreign or already released client throws; size must be positive', async () => {
  const { pool } = fakePool(1);
  const client = await pool.acquire();
  pool.release(client);
  expect(() => pool.release(client)).toThrow('not acquired from this pool');
  expect(() => new McpClientPool<FakeClient>({ size: 0, create: async () => new FakeClient(0) })).toThrow(
    'positive integer',
  );
});
