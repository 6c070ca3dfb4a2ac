# syntax=docker/dockerfile:1
# Piste's image: built once with the development dependencies, run on Node 24 with the
# production ones only, as a non-root user. compose.yaml runs it with PostgreSQL and Caddy;
# `docker run -p 3000:3000 -v piste-data:/data -e JWT_SECRET=… -e PUBLIC_URL=… piste` runs it
# alone on the embedded database. See README "Deploy".

# --- build: every dependency, the web app built, then the development dependencies removed ---
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
# the same script a server install and src/server/production-install.postgres.test.ts run
RUN bash scripts/production-install.sh /app

# --- run: the production installation only ---
FROM node:24-bookworm-slim
# MALLOC_*: glibc's allocator hands back what V8's compilers and the password hashing used at
# their peak (docs/decisions/0036-memory.md); scripts/start-command.test.ts keeps them as the unit's
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=32768
# pg_dump and pg_restore for `npm run backup` / `restore` on PostgreSQL (compose.yaml's backup
# service): of the database server's major version, which src/server/backup/database-dump.ts
# looks for in /usr/lib/postgresql/<major>/bin. 15: compose.yaml's postgres:15-bookworm, and
# Debian bookworm's own client (src/server/production-install.postgres.test.ts checks the two agree)
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client-15 \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# the files belong to root and are read-only to the app's user; only /data is its to write
COPY --from=build /app/package.json /app/package-lock.json /app/.npmrc ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/src ./src
COPY --from=build /app/scripts ./scripts
# /data and /backups (compose.yaml's backup service) are the app user's: a new named volume takes
# the owner and mode of the folder it is mounted on. /data is its owner's only (the server also
# makes it 0700 at start, whatever the umask: src/server/data-dir.ts)
RUN mkdir -p /data /backups && chown node:node /data /backups && chmod 0700 /data && chmod 0750 /backups
USER node
# the embedded database and uploaded files (with DATABASE_URL: the uploads only)
VOLUME ["/data"]
EXPOSE 3000
# ready: the database answers, its migrations are applied, the process is not shutting down
HEALTHCHECK --interval=15s --timeout=8s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: no new requests, those in flight finish (at most 10 s), the database closes
STOPSIGNAL SIGTERM
# the node arguments of `npm run serve` (package.json), kept the same by scripts/start-command.test.ts:
# the server as `npm run build` compiled it; --max-semi-space-size=4 caps V8's young generation
# (docs/decisions/0036-memory.md)
CMD ["node", "--max-semi-space-size=4", "dist/server/main.js"]
