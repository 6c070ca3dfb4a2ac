#!/usr/bin/env bash
# Makes a production installation of Piste in a folder holding the project's files (a checkout,
# an unpacked release, the Docker build stage's /app): installs every dependency exactly as the
# lock file says, builds the web app and the server (dist/web, dist/web-ssr, dist/server), then removes the development
# dependencies, leaving what `npm run serve` needs and nothing more.
#
#   scripts/production-install.sh [--node-modules-from CHECKOUT] [DIR]   (DIR: the current folder)
#
# --node-modules-from CHECKOUT copies CHECKOUT/node_modules (made by `npm ci` from the same lock
# file) instead of running `npm ci`: the test of this script uses it (a copy takes a quarter of the
# time of an install); the Dockerfile and a server install from the registry.
# The Dockerfile runs this script, and src/server/production-install.postgres.test.ts runs it too.
set -euo pipefail

node_modules_from=
dir=.
while [ $# -gt 0 ]; do
  case "$1" in
    --node-modules-from)
      node_modules_from=${2:?--node-modules-from needs a folder}
      shift
      ;;
    -h | --help)
      sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    -*)
      echo "production-install: unknown option $1 (see --help)" >&2
      exit 2
      ;;
    *) dir=$1 ;;
  esac
  shift
done

if [ ! -f "$dir/package.json" ] || [ ! -f "$dir/package-lock.json" ]; then
  echo "production-install: $dir has no package.json and package-lock.json: give the folder holding Piste's files" >&2
  exit 2
fi
cd "$dir"

if [ -n "$node_modules_from" ]; then
  from=$(cd "$node_modules_from" && pwd)
  [ -d "$from/node_modules" ] || { echo "production-install: $from has no node_modules" >&2; exit 2; }
  echo "production-install: copying every dependency from $from/node_modules"
  rm -rf node_modules
  cp -a "$from/node_modules" node_modules
else
  echo "production-install: installing every dependency (npm ci) in $(pwd)"
  # --include=dev: the build needs them even when NODE_ENV=production is set in this shell
  npm ci --include=dev --no-fund --no-audit
fi
echo "production-install: building the web app and the server (npm run build)"
# a production build whatever NODE_ENV the caller has (a test runner's `test` would build React's
# development JSX into the page renderer, which production's React cannot run)
NODE_ENV=production npm run build
echo "production-install: removing the development dependencies (npm prune --omit=dev)"
npm prune --omit=dev --no-fund --no-audit
echo "production-install: done; start it with npm run serve (or MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=32768 node_modules/.bin/node --max-semi-space-size=4 dist/server/main.js)"
