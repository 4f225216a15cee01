#!/bin/sh
# Entry point of the api, worker and migrate images. The programs read their configuration from
# the environment only; secrets arrive as files (compose or swarm secrets in /run/secrets). Each
# file /run/secrets/NAME whose NAME is an environment variable's name (A-Z, 0-9, _) becomes that
# variable, trailing newline dropped, over any value already set. Then the command replaces this
# shell, so it is the process that receives SIGTERM.
set -eu
for file in /run/secrets/*; do
  [ -f "$file" ] || continue
  name=$(basename "$file")
  case "$name" in
    '' | [0-9]* | *[!A-Z0-9_]*) continue ;;
  esac
  value=$(cat "$file")
  export "$name=$value"
done
exec "$@"
