#!/usr/bin/env bash
# Makes a production installation of Piste in a folder holding the project's files (a checkout,
# an unpacked release, the Docker build stage's /app): installs every dependency exactly as the
# lock file says, builds the web app (dist/web, dist/web-ssr), then removes the development
# dependencies, leaving what `npm run serve` needs and nothing more.
#
#   scripts/production-install.sh [--prefer-offline] [DIR]     (DIR defaults to the current folder)
#
# --prefer-offline takes packages from npm's cache when it has them (the test of this script
# uses it; the Dockerfile and a fresh server fetch from the registry).
# The Dockerfile runs this script, and src/server/production-install.postgres.test.ts runs it too.
set -euo pipefail

npm_options=()
dir=.
for arg in "$@"; do
  case "$arg" in
    --prefer-offline) npm_options+=(--prefer-offline) ;;
    -h | --help)
      sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    -*)
      echo "production-install: unknown option $arg (see --help)" >&2
      exit 2
      ;;
    *) dir=$arg ;;
  esac
done

if [ ! -f "$dir/package.json" ] || [ ! -f "$dir/package-lock.json" ]; then
  echo "production-install: $dir has no package.json and package-lock.json: give the folder holding Piste's files" >&2
  exit 2
fi
cd "$dir"

echo "production-install: installing every dependency (npm ci) in $(pwd)"
npm ci --no-fund --no-audit "${npm_options[@]}"
echo "production-install: building the web app (npm run build)"
npm run build
echo "production-install: removing the development dependencies (npm prune --omit=dev)"
npm prune --omit=dev --no-fund --no-audit "${npm_options[@]}"
echo "production-install: done; start it with npm run serve (or node_modules/.bin/node src/server/main.ts)"
