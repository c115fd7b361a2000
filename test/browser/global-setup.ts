/**
 * Serves the already-built dist/ with `vite preview` on a free port for the browser tests, and hands the URL to
 * them through vitest's provide/inject.
 */
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const ROOT = join(import.meta.dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

let server: PreviewServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `vite build` first (npm run test:browser does)');
  const port = await freePort();
  server = await preview({ root: ROOT, logLevel: 'error', preview: { host: '127.0.0.1', port, strictPort: true, open: false } });
  project.provide('baseUrl', `http://127.0.0.1:${port}/`);
}

export async function teardown(): Promise<void> {
  await server?.close();
}
