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
# The HiveAuth server of the HiveAuth login (a production build refuses to be made without one).
ARG VITE_HIVEAUTH_URL=wss://hive-auth.arcange.eu/
# HiveSigner's login and signing pages, and the app account registered there (the server's HIVESIGNER_APP).
ARG VITE_HIVESIGNER_URL=https://hivesigner.com
ARG VITE_HIVESIGNER_APP=runik.app
# Production mode (apps/web/.env.production): the real Hive Keychain extension, never the dev wallet.
RUN node node_modules/vite/bin/vite.js build --config apps/web/vite.config.mts --mode production

# nginx 1.27.3 or later: its upstream re-resolves the api replicas' addresses (the "resolve" parameter).
FROM nginx:1.28-alpine
ARG VITE_HIVE_ENGINE_URL=https://api.hive-engine.com/rpc
ARG VITE_HIVEAUTH_URL=wss://hive-auth.arcange.eu/
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
# The image's 1,024 connections a worker would cap live sockets near 500 (two connections each): raised with the
# container's open-files limit (compose.yml) so 10,000 players' sockets fit.
RUN sed -i -E 's/worker_connections +[0-9]+;/worker_connections 32768;/' /etc/nginx/nginx.conf \
 && sed -i '1i worker_rlimit_nofile 65536;' /etc/nginx/nginx.conf \
 && grep -q 'worker_connections 32768;' /etc/nginx/nginx.conf && grep -q 'worker_rlimit_nofile 65536;' /etc/nginx/nginx.conf
COPY docker/security-headers.conf /etc/nginx/snippets/security-headers.conf
RUN origin="$(printf '%s' "$VITE_HIVE_ENGINE_URL" | sed -E 's#^(https?://[^/]+).*#\1#')" \
 && sed -i "s#__HIVE_ENGINE_ORIGIN__#$origin#" /etc/nginx/snippets/security-headers.conf \
 && hiveauth="$(printf '%s' "$VITE_HIVEAUTH_URL" | sed -E 's#^(wss?://[^/]+).*#\1#')" \
 && sed -i "s#__HIVEAUTH_ORIGIN__#$hiveauth#" /etc/nginx/snippets/security-headers.conf
COPY --from=build /app/apps/web/dist /usr/share/nginx/html
EXPOSE 80
