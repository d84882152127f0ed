import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  // Brotli and gzip beside every asset at build time: the server sends them as they are (preCompressed).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // Chunks by hash alone: the entry lists every lazy chunk's file for preloading, and the
        // names made that list 1 KB of the sign-in page's 120 KB budget.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          includeDependenciesRecursively: false,
          // The query library in one chunk: split by page it cost every firm page ~3 KB of lost compression.
          groups: [{ name: 'react-query', test: /node_modules[\\/]@tanstack[\\/]/ }],
        },
      },
    },
  },
});
