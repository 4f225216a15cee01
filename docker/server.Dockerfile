# syntax=docker/dockerfile:1
# The api, the worker and the migration job: one build, three targets that differ only in their
# command. Each runs its TypeScript entry point exactly as `npm start` does
# (node -r @swc-node/register <entry>): there is no compile step that could drift from what the
# tests run. Built from the repository root: docker compose -f docker/compose.yml build
# (not buildable on the development machines, which have no Docker engine).
FROM node:24-bookworm-slim AS server
WORKDIR /app
ENV NODE_ENV=production

# Dependencies first, so a change to the sources does not reinstall them. npm resolves the
# workspaces from package-lock.json, so every workspace's package.json comes along. Production
# dependencies only: no Vite, Jest or Nx (@swc-node/register, @swc/core and typescript are
# production dependencies). `npm ci`: exactly the lockfile's versions, or the build stops (checked on
# linux-x64; the lockfile may lack another platform's optional packages, e.g. @swc/core's for arm64).
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/worker/package.json apps/worker/
COPY apps/web/package.json apps/web/
COPY apps/hive-sim/package.json apps/hive-sim/
COPY apps/e2e/package.json apps/e2e/
COPY libs/rules/package.json libs/rules/
COPY libs/contract/package.json libs/contract/
COPY libs/server/package.json libs/server/
# The root package's postinstall (a no-op here: it builds secp256k1 for the development machines' own Node 24).
COPY scripts/build-native.mjs scripts/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# The sources the three programs load (tsconfig*.json: @swc-node/register reads the decorator settings there).
COPY tsconfig.json tsconfig.base.json ./
COPY libs libs
COPY apps/api apps/api
COPY apps/worker apps/worker

USER node
# Secrets stay files: compose mounts them in /run/secrets and SECRETS_DIR (compose.yml) points the
# programs there; they read them into their configuration, never into the environment.

# Applies pending migrations and exits (compose runs it once before the api and the worker).
FROM server AS migrate
CMD ["node", "-r", "@swc-node/register", "libs/server/src/migrate.ts"]

# BullMQ processors and job schedulers; no HTTP. Stops on SIGTERM after finishing the jobs it holds.
FROM server AS worker
CMD ["node", "-r", "@swc-node/register", "apps/worker/src/main.ts"]

# The HTTP API on port 3000 (the default target). Stops on SIGTERM after finishing the requests in flight.
FROM server AS api
EXPOSE 3000
CMD ["node", "-r", "@swc-node/register", "apps/api/src/main.ts"]
