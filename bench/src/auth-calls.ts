// Latency of the calls every app start makes: sign-in, user data and token refresh.
// Runs the real server in-process on an in-memory database (or DATABASE_URL) and prints JSON.
import { performance } from 'node:perf_hooks';
import type { SignedInUser } from '@evc/contract';
import { API_2_0_0, createTestApp, DRIVER } from '../../apps/server/src/test/test-app.ts';
import { summarise } from './summarise.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);

async function timed(action: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

const testApp = await createTestApp();
try {
  const login: number[] = [];
  let user: SignedInUser | undefined;
  for (let round = 0; round < Math.max(10, Math.floor(ROUNDS / 10)); round += 1) {
    login.push(
      await timed(async () => {
        user = await testApp.login(DRIVER, `bench-${round}`);
      }),
    );
  }
  if (!user) throw new Error('sign-in failed');

  const userdata: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const token = user.token;
    userdata.push(
      await timed(async () => {
        const result = await testApp.call('userdata', { token });
        if (result.status !== 200) throw new Error(`userdata answered ${result.status}`);
      }),
    );
  }

  const refresh: number[] = [];
  let refreshToken = user.tokenData.refresh.token;
  for (let round = 0; round < ROUNDS; round += 1) {
    refresh.push(
      await timed(async () => {
        const result = await testApp.call('refreshToken', {
          token: refreshToken,
          body: { uuid: 'bench-0' },
        });
        const data = result.body.data as { refresh?: { token: string } } | undefined;
        if (result.status !== 200 || !data?.refresh)
          throw new Error(`refresh answered ${result.status}`);
        refreshToken = data.refresh.token;
      }),
    );
  }

  console.log(
    JSON.stringify(
      {
        benchmark: 'auth-calls',
        database: process.env.DATABASE_URL ? 'postgresql' : 'pglite-memory',
        apiVersion: `${API_2_0_0.majorversion}.${API_2_0_0.minorversion}.${API_2_0_0.patchversion}`,
        note: 'argon2 at the test cost; login figures measure the call path, not the production hash cost',
        login: summarise(login),
        userdata: summarise(userdata),
        refreshToken: summarise(refresh),
      },
      null,
      2,
    ),
  );
} finally {
  await testApp.close();
}
