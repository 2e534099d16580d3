import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpServer } from './http-server.ts';
import { testConfig } from './test/test-app.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('createHttpServer', () => {
  it('waits for a start-up hook slower than Fastify’s default 10 s (a slow database at start)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const app = await createHttpServer(testConfig(), { logger: false });
    let answer: () => void = () => undefined;
    const databaseAnswered = new Promise<void>((resolve) => (answer = resolve));
    app.addHook('onReady', () => databaseAnswered);
    const ready = app.ready().then(
      () => 'ready',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(60_000);
    answer();
    expect(await ready).toBe('ready');
    await app.close();
  });

  it('still ends a start whose hook never settles', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const app = await createHttpServer(testConfig(), { logger: false });
    app.addHook('onReady', () => new Promise<void>(() => undefined));
    const ready = app.ready().then(
      () => 'ready',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(121_000);
    expect(await ready).toMatchObject({ code: 'FST_ERR_HOOK_TIMEOUT' });
  });
});
