#!/usr/bin/env bash
# Installs what the test suite needs on a fresh Debian machine: npm packages, Chromium (browser tests),
# poppler-utils (pdfsig), mupdf-tools (mutool), faketime and libnss3-tools (certutil: signatures checked by two validators
# with the CA trusted, today and a year ahead), bubblewrap (converter sandbox), fonts and LibreOffice Writer, Calc and Impress (document conversion). Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v pdfsig >/dev/null 2>&1 || missing+=(poppler-utils)
command -v mutool >/dev/null 2>&1 || missing+=(mupdf-tools)
command -v faketime >/dev/null 2>&1 || missing+=(faketime)
# curl and jq: the examples of docs/integration.md run as a test (integration-doc.test.ts).
command -v curl >/dev/null 2>&1 || missing+=(curl)
command -v jq >/dev/null 2>&1 || missing+=(jq)
command -v certutil >/dev/null 2>&1 || missing+=(libnss3-tools)
# bubblewrap: the converters' sandbox (own filesystem view, no network).
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
# LibreOffice: Writer for text documents, Calc and Impress for spreadsheets and presentations.
for pkg in libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
[ -d /usr/share/fonts/truetype/liberation ] || missing+=(fonts-liberation)
# pg_dump, pg_restore, psql: scripts/backup.sh and restore.sh (their test runs them on PostgreSQL).
command -v pg_restore >/dev/null 2>&1 || missing+=(postgresql-client)

if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing system packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ -f package-lock.json ]; then
  npm ci --no-audit --no-fund
else
  npm install --no-audit --no-fund
fi
