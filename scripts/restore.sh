#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh into a new instance (docs/operations.md).
#
#   DATA_DIR=/srv/sinetti/data [DATABASE_URL=postgres://…/new_db] [BLOB_DIR=…] scripts/restore.sh BACKUP_DIR
#
# DATA_DIR must be missing or empty. PostgreSQL: DATABASE_URL names a new, empty database (createdb
# it first); the dump is restored with pg_restore --no-owner --no-privileges --exit-on-error (never
# --clean, which fails on an empty database). The extension comment is left out (only the
# extension's owner may set it, and it is not data). Start the server afterwards: it applies any newer
# migrations.
set -euo pipefail

in="${1:?usage: scripts/restore.sh BACKUP_DIR}"
data="$(realpath -m "${DATA_DIR:-./data}")"
[ -f "$in/MANIFEST" ] || { echo "restore: $in has no MANIFEST (not a backup from scripts/backup.sh)" >&2; exit 2; }
mode="$(sed -n 's/^mode=//p' "$in/MANIFEST")"
if [ -d "$data" ] && [ -n "$(ls -A "$data")" ]; then echo "restore: DATA_DIR $data is not empty" >&2; exit 2; fi

if [ "$mode" = postgres ]; then
  [ -n "${DATABASE_URL:-}" ] || { echo "restore: a PostgreSQL backup needs DATABASE_URL (a new, empty database)" >&2; exit 2; }
  tables="$(psql -X -A -t -v ON_ERROR_STOP=1 -d "$DATABASE_URL" -c "select count(*) from pg_tables where schemaname in ('public', 'drizzle')")"
  [ "$tables" = 0 ] || { echo "restore: the database of DATABASE_URL is not empty ($tables tables)" >&2; exit 2; }
  list="$(mktemp)"
  trap 'rm -f "$list"' EXIT
  pg_restore --list "$in/database.dump" | grep -v ' COMMENT - EXTENSION ' > "$list"
  pg_restore --no-owner --no-privileges --exit-on-error --use-list="$list" -d "$DATABASE_URL" "$in/database.dump"
elif [ "$mode" != embedded ]; then
  echo "restore: unknown backup mode '$mode'" >&2; exit 2
fi

mkdir -p "$data"
tar -C "$data" -xzf "$in/data.tar.gz"
if [ -f "$in/blobs.tar.gz" ]; then
  blobs="$(realpath -m "${BLOB_DIR:?restore: this backup has a separate BLOB_DIR: set BLOB_DIR}")"
  mkdir -p "$blobs"
  tar -C "$blobs" -xzf "$in/blobs.tar.gz"
fi
[ ! -d "$data/signing-ca" ] || chmod 700 "$data/signing-ca"
echo "restore: $mode backup restored into $data${DATABASE_URL:+ and the database}"
