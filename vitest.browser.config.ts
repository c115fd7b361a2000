import { defineConfig } from 'vitest/config';

// Browser tests: real Chromium driven by playwright-core against the built app (dist/, served by `vite preview`
// from the global setup). `npm run test:browser` builds first. Files run one after another: one browser at a time
// on a 2-core machine.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/browser/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
