import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * Writes firm-preloads.json: the chunks every firm page loads after the entry (the firm shell and the
 * query cache, with what they import). The server names them as modulepreload links in the page it
 * sends for a firm address, so the browser fetches and compiles them while the entry still runs,
 * instead of after (issue 13's load time); sign-in and the public pages are sent without them.
 */
function firmPreloads(): Plugin {
  const FIRM_ROOTS = ['/src/app/shell/firm-shell.tsx', '/src/lib/query-client.tsx'];
  return {
    name: 'matterhorn-firm-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (roots: Rollup.OutputChunk[]) => {
        const seen = new Set<string>();
        const visit = (name: string) => {
          if (seen.has(name)) return;
          seen.add(name);
          for (const imported of byName.get(name)?.imports ?? []) visit(imported);
        };
        roots.forEach((root) => visit(root.fileName));
        return seen;
      };
      const loadedFirst = withImports(chunks.filter((chunk) => chunk.isEntry));
      const firmRoots = chunks.filter((chunk) => FIRM_ROOTS.some((root) => chunk.facadeModuleId?.endsWith(root)));
      if (firmRoots.length !== FIRM_ROOTS.length) this.error('firm-preloads: the firm shell or the query cache has no chunk of its own');
      const files = [...withImports(firmRoots)].filter((name) => !loadedFirst.has(name));
      this.emitFile({ type: 'asset', fileName: 'firm-preloads.json', source: JSON.stringify(files) });
    },
  };
}

export default defineConfig({
  // Brotli and gzip beside every asset at build time: the server sends them as they are (preCompressed).
  plugins: [react(), firmPreloads(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
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
        // names made that list 1 KB of the sign-in page's 120 KB budget. Seven characters (42 bits;
        // rolldown refuses fewer than it needs to keep ~300 names apart) instead of eight save about
        // 0.4 KB compressed on every firm page: each name is written in every file that imports it.
        chunkFileNames: 'assets/[hash:7].js',
        codeSplitting: {
          includeDependenciesRecursively: false,
          // The query library in one chunk: split by page it cost every firm page ~3 KB of lost compression.
          groups: [{ name: 'react-query', test: /node_modules[\\/]@tanstack[\\/]/ }],
        },
      },
    },
  },
});
