#!/bin/sh
# The browser tests on the hosted stack (e2e/hosted): the app's Supabase-mode build
# (scripts/lib/supabase-mode.ts, the one the site's budget measures), then Playwright, which starts
# the stack and a static server (playwright.hosted.config.ts). With E2E_HOSTED_DIST=<dir> a build
# made before is tested (CI tests the budget's dist-budget); otherwise it is built here, into
# dist-hosted. Arguments go to Playwright.
set -e
if [ -z "${E2E_HOSTED_DIST:-}" ]; then
  npx tsx scripts/build-supabase-mode.ts dist-hosted
fi
exec npx playwright test --config playwright.hosted.config.ts "$@"
