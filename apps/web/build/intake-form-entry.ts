import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { apiDescriptionsLeftOut } from './api-descriptions.ts';

/** The public intake form's page: its own HTML, its own entry, nothing of the firm app's. */
export const INTAKE_PAGE = 'intake.html';

/**
 * Builds the public intake form (/intake/:company/:form) after the app, into the same folder, as a
 * build of its own. It is opened once, often on a phone, and held to 100 KB of compressed
 * JavaScript: the app's entry alone (Mantine, the router, the session) is 97 KB. One build with two
 * inputs would share React's modules between both entries and move them out of the app's entry,
 * costing the sign-in page (held to 120 KB, at 119) a file and ~0.2 KB; a build of its own leaves
 * the app's chunks exactly as they were (ADR 81).
 */
export function intakeFormEntry(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'matterhorn-intake-form-entry',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react(), apiDescriptionsLeftOut(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          rolldownOptions: {
            input: { intake: resolve(root, INTAKE_PAGE) },
            output: { chunkFileNames: 'assets/[hash:7].js' },
          },
        },
      });
    },
  };
}
