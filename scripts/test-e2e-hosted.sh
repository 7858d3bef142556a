#!/bin/sh
# The browser tests on the hosted stack (e2e/hosted): the app built for the stack into dist-hosted
# (its address and anon key are fixed, so a build made before the stack starts works), then
# Playwright, which starts the stack and a static server (playwright.hosted.config.ts). With
# E2E_HOSTED_DIST_READY=1 the build in dist-hosted is used as it is. Arguments go to Playwright.
set -e
PORT="${E2E_STACK_PORT:-54329}"
if [ -z "${E2E_HOSTED_DIST_READY:-}" ]; then
  KEY="$(npx tsx scripts/hosted-stack/main.ts --print-anon-key)"
  VITE_SUPABASE_URL="http://127.0.0.1:$PORT" VITE_SUPABASE_ANON_KEY="$KEY" npx vite build --outDir dist-hosted --logLevel warn
fi
exec npx playwright test --config playwright.hosted.config.ts "$@"
