# syntax=docker/dockerfile:1
# The web app and the operators' economy page (apps/web/admin/economy.html): built by Vite in a Node
# stage, served as static files by nginx, which also proxies /api and /admin to the api replicas
# (docker/nginx.conf). Built from the repository root.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# All dependencies (Vite is a development dependency), exactly the lockfile's (`npm ci`); every workspace's
# package.json, as in server.Dockerfile.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/worker/package.json apps/worker/
COPY apps/web/package.json apps/web/
COPY apps/hive-sim/package.json apps/hive-sim/
COPY apps/e2e/package.json apps/e2e/
COPY libs/rules/package.json libs/rules/
COPY libs/contract/package.json libs/contract/
COPY libs/server/package.json libs/server/
COPY scripts/build-native.mjs scripts/
RUN npm ci --no-audit --no-fund

COPY tsconfig.base.json ./
COPY libs/rules libs/rules
COPY libs/contract libs/contract
COPY apps/web apps/web
# Read at build time (apps/web/README.md). The game account must be the server's GAME_ACCOUNT (compose
# passes the same value); the Hive Engine URL is the one the players' browsers read their RNK balance from.
ARG VITE_GAME_ACCOUNT=runik.game
ARG VITE_HIVE_ENGINE_URL=https://api.hive-engine.com/rpc
# Production mode (apps/web/.env.production): the real Hive Keychain extension, never the dev wallet.
RUN node node_modules/vite/bin/vite.js build --config apps/web/vite.config.mts --mode production

# nginx 1.27.3 or later: its upstream re-resolves the api replicas' addresses (the "resolve" parameter).
FROM nginx:1.28-alpine
ARG VITE_HIVE_ENGINE_URL=https://api.hive-engine.com/rpc
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY docker/security-headers.conf /etc/nginx/snippets/security-headers.conf
RUN origin="$(printf '%s' "$VITE_HIVE_ENGINE_URL" | sed -E 's#^(https?://[^/]+).*#\1#')" \
 && sed -i "s#__HIVE_ENGINE_ORIGIN__#$origin#" /etc/nginx/snippets/security-headers.conf
COPY --from=build /app/apps/web/dist /usr/share/nginx/html
EXPOSE 80
