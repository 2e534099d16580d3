import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

/** One system for all browser tests; tests that need another configuration start their own. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const fixedPort = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : undefined;
  const server = await startServer(fixedPort);
  project.provide('baseUrl', server.baseUrl);
  project.provide('port', server.port);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
  }
}
