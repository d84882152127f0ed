import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { installableApp } from './build/installable-app.ts';
import { apiDescriptionsLeftOut } from './build/api-descriptions.ts';
import { intakeFormEntry } from './build/intake-form-entry.ts';
import { mantineStylesChecked } from './build/mantine-styles.ts';

/** The firm's shell, query cache and route table, imported by the router as one module. */
const FIRM_APP = '/src/app/routing/firm-app.tsx';
/** The route table, whose lazy imports run once the firm app has loaded. */
const FIRM_ROUTES = '/src/app/routing/firm-routes.tsx';
/** Pages opened a few times a year: the firm's settings and an email change's links (see preloadList). */
const RARE_PAGES = [
  '/src/features/my-account/pages/confirm-email-change-page.tsx',
  '/src/features/my-account/pages/undo-email-change-page.tsx',
  '/src/features/firm/pages/',
  '/src/features/recycle-bin/pages/',
  '/src/features/data-export/pages/',
  '/src/features/bulk-import/pages/',
  '/src/features/reference-data/pages/',
  '/src/features/roles/pages/',
  '/src/features/subscriptions/pages/',
  '/src/features/tasks/pages/task-lists-page.tsx',
];

/** The build's chunks and what each imports, kept from generateBundle for the preload lists below. */
const chunkGraph = new Map<string, Rollup.OutputChunk>();

/** A chunk's file with every chunk it imports statically, directly or through others. */
function withImports(files: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const imported of chunkGraph.get(name)?.imports ?? []) visit(imported);
  };
  for (const file of files) visit(file);
  return seen;
}

const chunkOf = (moduleEnd: string) => [...chunkGraph.values()].find((chunk) => chunk.facadeModuleId?.endsWith(moduleEnd));

/**
 * Writes firm-preloads.json: the chunks every firm page loads after the entry (the firm app: its
 * shell, query cache and route table, with what they import). The server names them as
 * modulepreload links in the page it sends for a firm address, so the browser fetches and compiles
 * them while the entry still runs, instead of after (issue 13's load time); sign-in and the public
 * pages are sent without them.
 */
function firmPreloads(): Plugin {
  return {
    name: 'matterhorn-firm-preloads',
    apply: 'build',
    generateBundle: {
      // Before Vite writes the preload lists, which read the graph (preloadList).
      order: 'pre',
      handler(_options, bundle) {
        chunkGraph.clear();
        for (const file of Object.values(bundle)) if (file.type === 'chunk') chunkGraph.set(file.fileName, file);
        const loadedFirst = withImports([...chunkGraph.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        const firmApp = chunkOf(FIRM_APP);
        if (!firmApp) this.error('firm-preloads: the firm app has no chunk of its own');
        const files = [...withImports([firmApp.fileName])].filter((name) => !loadedFirst.has(name));
        this.emitFile({ type: 'asset', fileName: 'firm-preloads.json', source: JSON.stringify(files) });
      },
    },
  };
}

/**
 * What a lazy import preloads beside its own chunk. Vite lists every chunk the imported one needs;
 * those the importing chunk itself imports are loaded already (it is running), and a firm page is
 * imported by the route table once the whole firm app has loaded. Each name left out is bytes the
 * sign-in page or a firm page no longer downloads in the lists.
 */
function preloadList(file: string, deps: string[], { hostId }: { hostId: string }): string[] {
  // Pages opened a few times a year fetch what they import after their own chunk (one more round
  // trip there) rather than list it in the route tables every page loads.
  if (RARE_PAGES.some((page) => chunkGraph.get(file)?.facadeModuleId?.includes(page))) return [];
  const loaded = withImports([hostId]);
  if (chunkGraph.get(hostId)?.moduleIds.some((id) => id.endsWith(FIRM_ROUTES))) {
    for (const file of withImports([chunkOf(FIRM_APP)!.fileName])) loaded.add(file);
  }
  return deps.filter((dep) => !loaded.has(dep));
}

export default defineConfig({
  // Brotli and gzip beside every asset at build time: the server sends them as they are (preCompressed).
  plugins: [
    react(),
    apiDescriptionsLeftOut(),
    mantineStylesChecked(),
    firmPreloads(),
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
    intakeFormEntry(),
    installableApp(),
  ],
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    // No modulepreload polyfill: every browser we support has had <link rel="modulepreload"> since 2023
    // (Safari 17, Firefox 115), and the polyfill was 0.4 KB of the sign-in page's 120 KB.
    modulePreload: { polyfill: false, resolveDependencies: preloadList },
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
          groups: [
            { name: 'react-query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // React's own modules in one chunk: a new lazy page split jsx-runtime from react, 0.2 KB on every page.
            { name: 'react', test: /node_modules[\\/]react[\\/]/ },
          ],
        },
      },
    },
  },
});
