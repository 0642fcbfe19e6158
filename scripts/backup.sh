#!/usr/bin/env bash
# Backs up a Sinetti instance into OUT_DIR (docs/operations.md, "Backup and restore").
#
#   DATA_DIR=/srv/sinetti/data [DATABASE_URL=postgres://…] [BLOB_DIR=…] scripts/backup.sh OUT_DIR
#
# Embedded database (no DATABASE_URL): the server must be stopped; the whole DATA_DIR (database,
# files, signing-ca/) goes into data.tar.gz.
# PostgreSQL: may run while the server runs. The database first (pg_dump custom format into
# database.dump), then the files: DATA_DIR without the unused pglite/ (signing-ca/ with the CA key,
# the seal key and the audit chain key; blobs/) into data.tar.gz. Files are written before the rows
# that point to them, so a file copy taken after the database copy holds every file it references.
# A BLOB_DIR outside DATA_DIR goes into blobs.tar.gz. S3 blobs are not copied (bucket versioning or
# replication is their backup). SIGNING_CA_P12_PATH / AUDIT_CHAIN_KEY live outside: back them up apart.
set -euo pipefail

out="${1:?usage: scripts/backup.sh OUT_DIR}"
data="$(realpath -m "${DATA_DIR:-./data}")"
[ -d "$data" ] || { echo "backup: DATA_DIR $data does not exist" >&2; exit 2; }
mkdir -p "$out"
if [ -n "$(ls -A "$out")" ]; then echo "backup: $out is not empty" >&2; exit 2; fi

if [ -z "${DATABASE_URL:-}" ]; then
  lock="$data/sinetti.lock"
  if [ -f "$lock" ] && kill -0 "$(cat "$lock" 2>/dev/null || echo 0)" 2>/dev/null; then
    echo "backup: the server (pid $(cat "$lock")) is running on $data; stop it first (the embedded database cannot be copied live)" >&2
    exit 3
  fi
  tar -C "$data" --exclude=./sinetti.lock -czf "$out/data.tar.gz" .
  mode=embedded
else
  pg_dump --format=custom --no-owner --no-privileges --file="$out/database.dump" "$DATABASE_URL"
  tar -C "$data" --exclude=./pglite --exclude=./sinetti.lock --exclude='./blobs/.incoming' -czf "$out/data.tar.gz" .
  mode=postgres
fi

blobs="${BLOB_DIR:+$(realpath -m "$BLOB_DIR")}"
if [ -n "$blobs" ] && [ "${blobs#"$data"/}" = "$blobs" ]; then
  tar -C "$blobs" --exclude=./.incoming -czf "$out/blobs.tar.gz" .
fi

[ -f "$data/signing-ca/ca/ca.cert.pem" ] || [ -n "${SIGNING_CA_P12_PATH:-}" ] ||
  echo "backup: warning: no signing CA in $data/signing-ca (none generated yet?)" >&2
printf 'mode=%s\ncreated=%s\n' "$mode" "$(date -u +%FT%TZ)" > "$out/MANIFEST"
echo "backup: $mode backup written to $out"
