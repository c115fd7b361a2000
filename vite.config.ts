import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm start` runs with --mode demo: the app opens the built-in demo incident straight away.
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  define: {
    __OPEN_DEMO__: JSON.stringify(mode === 'demo'),
  },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  // Benchmarks and test output can be gigabytes; the dev server has no reason to watch them.
  server: { host: '127.0.0.1', watch: { ignored: ['**/.bench/**', '**/test-results/**', '**/dist/**'] } },
}));
