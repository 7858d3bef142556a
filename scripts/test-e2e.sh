#!/bin/sh
# The browser tests, on the app built for the embedded database. With E2E_DIST=<dir> they test a
# build made before (CI builds once, then tests that build); otherwise the app is built here, into
# dist-e2e. Arguments go to Playwright (a spec file, --workers=1, ...).
set -e
if [ -z "${E2E_DIST:-}" ]; then
  VITE_SUPABASE_URL= VITE_SUPABASE_ANON_KEY= npx vite build --outDir dist-e2e --logLevel warn
fi
exec npx playwright test "$@"
