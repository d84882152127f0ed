import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** Mantine's generated class names (`m_` and eight hex digits), as its components and stylesheets write them. */
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

/** Each class @mantine/core styles, with the stylesheet (styles/Button.css…) that styles it. */
function mantineStylesheetOfClass(): Map<string, string> {
  const stylesDir = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');
  const stylesheetOf = new Map<string, string>();
  for (const file of readdirSync(stylesDir)) {
    if (!file.endsWith('.css') || file.endsWith('.layer.css')) continue;
    for (const [className] of readFileSync(join(stylesDir, file), 'utf8').matchAll(MANTINE_CLASS)) {
      if (!stylesheetOf.has(className)) stylesheetOf.set(className, file);
    }
  }
  return stylesheetOf;
}

/** The Mantine stylesheets the chunks' components need that no emitted stylesheet holds. */
export function missingMantineStylesheets(chunksCode: readonly string[], emittedCss: readonly string[]): string[] {
  const stylesheetOf = mantineStylesheetOfClass();
  const styled = new Set(emittedCss.flatMap((css) => css.match(MANTINE_CLASS) ?? []));
  const missing = new Set<string>();
  for (const code of chunksCode) {
    for (const className of code.match(MANTINE_CLASS) ?? []) {
      const stylesheet = stylesheetOf.get(className);
      if (stylesheet && !styled.has(className)) missing.add(stylesheet);
    }
  }
  return [...missing].sort();
}

/**
 * The app imports Mantine's stylesheets one component at a time (src/app/mantine-styles.css), so a
 * component used for the first time would render unstyled without a word. The build says which
 * stylesheet to add instead.
 */
export function mantineStylesChecked(): Plugin {
  return {
    name: 'matterhorn-mantine-styles-checked',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const missing = missingMantineStylesheets(
        files.flatMap((file) => (file.type === 'chunk' ? [file.code] : [])),
        files.flatMap((file) => (file.type === 'asset' && file.fileName.endsWith('.css') ? [String(file.source)] : [])),
      );
      if (missing.length > 0) {
        this.error(
          `Mantine components are used whose styles are not imported: add ${missing.map((file) => `'@mantine/core/styles/${file}'`).join(', ')} to src/app/mantine-styles.css, in the order of @mantine/core/styles.css.`,
        );
      }
    },
  };
}
