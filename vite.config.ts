import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { availableParallelism } from 'node:os'
import { fileURLToPath, URL } from 'node:url'
import type { RolldownOptions } from 'rolldown'
import { VitePWA } from 'vite-plugin-pwa'
import { bootHeroPlugin } from './scripts/boot-hero-plugin.ts'
import { chunkModulesPlugin } from './scripts/chunk-modules-plugin.ts'
import { publicSiteChunk } from './scripts/public-chunk.ts'
import { seedDataDirPlugin } from './scripts/seed-data-dir.ts'

// PGlite's Emscripten glue uses eval on purpose; there is nothing to act on.
const ignorePgliteEval: NonNullable<RolldownOptions['onwarn']> = (warning, warn) => {
  if (warning.code === 'EVAL' && /pglite/.test(warning.id ?? warning.message)) return
  warn(warning)
}

// index.html reads it (%VITE_DEFAULT_SITE_SLUG%); unset means the seeded wedding, as in src/lib/env.ts.
process.env.VITE_DEFAULT_SITE_SLUG ??= ''

/**
 * The service worker of the installed management app (Workbox's generateSW, docs/decisions.md
 * "Installable, and the door with no signal"). Only management registers it (src/lib/pwa.ts): the
 * guests' pages never do and work without it. What it keeps: the app shell (index.html, every
 * script and stylesheet, the icons and the manifest) and the embedded database's engine (PGlite's
 * WebAssembly, its data file and the three extensions), so that management and the door start with
 * no network after one visit. Not kept: the first visit's prebuilt database (a browser that has
 * opened management has its own in IndexedDB; without it, initdb and the migrations make one), and
 * the public site's fonts and pictures unless seen (the runtime caches below).
 */
const serviceWorker = VitePWA({
  strategies: 'generateSW',
  // A new deploy waits until the couple says "Reload" (src/app/app-update-notice.tsx) or every tab is
  // closed: never under a form someone is typing into, and never with old pages asking for chunks
  // the new deploy removed.
  registerType: 'prompt',
  injectRegister: false,
  // public/manifest.webmanifest, linked by management only (src/lib/pwa.ts), not by index.html,
  // which the guests' pages share.
  manifest: false,
  includeManifestIcons: false,
  workbox: {
    globPatterns: [
      'index.html',
      'manifest.webmanifest',
      'favicon.svg',
      'icons/*.png',
      'assets/*.{js,css}',
      'assets/{pglite,initdb}-*.{wasm,data}',
      'assets/*.tar-*.gz',
    ],
    // pglite.wasm is 9 MB.
    maximumFileSizeToCacheInBytes: 12 * 1024 * 1024,
    // Every file under assets/ carries its content's hash in its name.
    dontCacheBustURLsMatching: /^assets\//,
    // Only management's and sign-in's addresses open from the cache with no network. A guest's page
    // (`/`, /wedding/…, /i/…, /rsvp/…) always comes from the host, as if there were no worker.
    navigateFallback: 'index.html',
    navigateFallbackAllowlist: [/^\/manage(?:\/|$)/, /^\/auth(?:\/|$)/],
    directoryIndex: null,
    cleanupOutdatedCaches: true,
    // The first install takes the open page at once, so chunks it loads later (another screen, the
    // door's scanner) come from the cache when the signal goes; later versions wait (see above).
    clientsClaim: true,
    skipWaiting: false,
    runtimeCaching: [
      {
        // The site's fonts and pictures, once seen (the builder's preview offline).
        urlPattern: ({ sameOrigin, request }) =>
          sameOrigin && (request.destination === 'font' || request.destination === 'image'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'kasalan-media',
          expiration: { maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600 },
        },
      },
    ],
  },
})

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    bootHeroPlugin(),
    chunkModulesPlugin(),
    seedDataDirPlugin(),
    serviceWorker,
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React 19 has useSyncExternalStore; the shim wouter imports would be a second copy.
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(
          new URL('./src/lib/routing/use-sync-external-store.ts', import.meta.url),
        ),
      },
    ],
  },
  // PGlite ships its own WASM and data files; pre-bundling breaks their URLs.
  optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  worker: { format: 'es' },
  build: {
    manifest: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // Every browser Kasalan supports understands modulepreload; the polyfill is dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      onwarn: ignorePgliteEval,
      // wouter's own <Link> is made with forwardRef at the top of its module; the site uses
      // src/lib/routing's, so marking the call pure lets the unused one go.
      treeshake: { manualPureFunctions: ['forwardRef'] },
      output: {
        // React's packages, which every screen loads, as one file: it gzips better than three.
        // react-router is management's alone (the public site routes with wouter), so it
        // is a file of its own that only management's app fetches.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              priority: 3,
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|^\0rolldown[\\/]runtime/,
            },
            {
              name: 'react-router',
              priority: 3,
              test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
            },
            // The site's content readers and the site's answer's, as one file: the public site and
            // the content editor share them, and one file gzips smaller than several.
            {
              name: 'site-content',
              priority: 2,
              test: /src[\\/]lib[\\/](site-content[\\/](read|images|section-header|section-types|index)\.ts|api[\\/]site-answer\.ts|read-json\.ts)/,
            },
            // zod and management's answers' schemas, which only management loads, as one file.
            {
              name: 'schemas',
              priority: 2,
              test: /src[\\/]lib[\\/]api[\\/]schemas\.ts|node_modules[\\/]zod[\\/]/,
            },
            // Everything else the public site loads first, as one file (see scripts/public-chunk.ts).
            { name: publicSiteChunk(), debugName: 'site', priority: 1 },
            // The icons only management draws, as one file of their own rather than one per icon.
            { name: 'icons', priority: 0, test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
  server: { port: 5173 },
  preview: { port: 4173 },
  test: {
    // Vitest's default is one worker less than the cores: on a two-core machine, one worker, and the
    // other core idle. The test files are independent (each its own database), so use them all.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // happy-dom sets up in half jsdom's time; a test that needs jsdom's fuller browser (forms'
          // selects, links that must not navigate, image loading) says so in its first line.
          environment: 'happy-dom',
          // Worker threads, not child processes: each test file still gets its own modules and
          // document, for 7 % less CPU than forks (95.6 → 88.8 CPU-s).
          pool: 'threads',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/db/**', 'tests/hosted/**'],
          setupFiles: ['tests/setup.ts'],
          // A screen's first render loads its modules and strings: about a second on a quiet machine,
          // past Vitest's 5 s on a busy one (load 10). A hang still fails, in 20 s.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'db',
          environment: 'node',
          include: ['tests/db/**/*.test.ts'],
          // KASALAN_DB=postgres runs the same tests on real PostgreSQL (see tests/db/harness.ts).
          globalSetup: [
            process.env.KASALAN_DB === 'postgres'
              ? 'tests/db/postgres/global-setup.ts'
              : 'tests/db/pglite-global-setup.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite's WebAssembly on V8's baseline compiler only, as in the browser tests: each test
          // file's process starts the database afresh, and optimising its functions again in every
          // one cost more than they run faster (PGlite lane alone: 162 → 155 CPU-s; in CI, beside the
          // PostgreSQL lane, 111.6 → 78.9 s).
          execArgv: ['--liftoff-only'],
        },
      },
      {
        extends: true,
        test: {
          name: 'hosted',
          environment: 'node',
          // The app's own calls over HTTP to the hosted stack (scripts/hosted-stack): one stack for
          // the run, started by the global setup (docs/hosted-stack.md).
          include: ['tests/hosted/**/*.test.ts'],
          globalSetup: ['tests/hosted/global-setup.ts'],
          // supabase-js builds its Realtime client at creation and needs a WebSocket: Node 20 has
          // one behind this flag (the app never opens it; see docs/hosted-stack.md).
          execArgv: ['--experimental-websocket'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
