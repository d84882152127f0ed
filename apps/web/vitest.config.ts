import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Worker threads start a jsdom file faster than forked processes (the API keeps forks).
    pool: 'threads',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
