// The import rules of the code base (GUIDE.md §3, docs/ARCHITECTURE.md "Boundaries"), checked by
// `npm run lint` (`npm run lint:imports` alone). Type-only imports count: a cycle through types
// still ties two files together.

const API = '^apps/api/src/';
const API_TOP = `${API}(app|server)\\.ts$`;
const TESTS = '\\.test\\.tsx?$|/test/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-import-cycle',
      severity: 'error',
      comment:
        'No import cycles, not even through types: move what both sides need into a third file, or hand it over from the composition root.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'resolvable-imports',
      severity: 'error',
      comment:
        "Every import resolves (a rule cannot check what it cannot find), but the generated API client types, which openapi-client.test.ts writes when it runs (ADR 0044), and the service worker's registration, a module the PWA plugin makes at build time (ADR 91).",
      from: {},
      to: { couldNotResolve: true, pathNot: '^(\\./matterhorn-api\\.d\\.ts|virtual:pwa-register)$' },
    },

    // ---- the API's layers, from the bottom: lib (pure helpers) → db → platform and plugins → modules → seed, app.ts, server.ts
    {
      name: 'lib-imports-nothing-above',
      severity: 'error',
      comment: 'lib/ holds helpers every layer uses: it imports nothing else of the API.',
      from: { path: `${API}lib/` },
      to: { path: `${API}(db|platform|plugins|modules|seed)/|${API_TOP}` },
    },
    {
      name: 'db-imports-no-service',
      severity: 'error',
      comment: 'db/ (the connection, the schema) sits below every service: it imports no platform service, plugin or module.',
      from: { path: `${API}db/` },
      to: { path: `${API}(platform|plugins|modules|seed)/|${API_TOP}` },
    },
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      comment: 'platform/ and plugins/ serve every module and know none: what they need of one is handed over by app.ts.',
      from: { path: `${API}(platform|plugins)/` },
      to: { path: `${API}(modules|seed)/|${API_TOP}` },
    },
    {
      name: 'module-imports-no-composition-root',
      severity: 'error',
      comment: 'Modules are wired by app.ts (and the demo seed): they never import them.',
      from: { path: `${API}modules/` },
      to: { path: `${API}seed/|${API_TOP}` },
    },
    {
      name: 'module-imports-another-only-through-its-api',
      severity: 'error',
      comment: "A module imports another's public surface, <module>.api.ts, and nothing else of it.",
      from: { path: `${API}modules/([^/]+)/` },
      to: { path: `${API}modules/[^/]+/`, pathNot: [`${API}modules/$1/`, `${API}modules/[^/]+/[^/]+\\.api\\.ts$`] },
    },
    {
      name: 'seed-imports-modules-through-their-api',
      severity: 'error',
      comment:
        'The demo seed composes services as app.ts does (their factories) and reaches the rest through each module’s public surface.',
      from: { path: `${API}seed/` },
      to: { path: `${API}modules/`, pathNot: `${API}modules/[^/]+/[^/]+\\.(api|service|module)\\.ts$` },
    },

    // ---- the workspaces
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment: 'packages/shared is used by the API, the web app and the tests: it imports nothing from them.',
      from: { path: '^packages/shared/' },
      to: { path: '^(apps|e2e|bench|scripts)/' },
    },
    {
      name: 'web-and-api-talk-over-http',
      severity: 'error',
      comment: 'The web app talks to the API over HTTP only; the API never imports the web app.',
      from: { path: '^apps/(web|api)/' },
      to: { path: '^apps/(web|api)/', pathNot: '^apps/$1/' },
    },

    // ---- the web app's layers: lib → components → features → app (tests may compose any of them)
    {
      name: 'web-features-never-import-each-other',
      severity: 'error',
      comment: 'Features never import each other: compose them in app/ (routes, tab slots).',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-code-imports-no-feature',
      severity: 'error',
      comment: 'lib/ and components/ serve every feature and know none.',
      from: { path: '^apps/web/src/(lib|components)/', pathNot: TESTS },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-import-no-shell',
      severity: 'error',
      comment: 'The shell (app/) composes features; a feature never imports it.',
      from: { path: '^apps/web/src/features/', pathNot: TESTS },
      to: { path: '^apps/web/src/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '^data/', '^e2e/(test-results|playwright-report)/', '^bench/results/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
