#!/usr/bin/env bash
# Installs the Debian packages the test suites start as throwaway servers: Chromium (browser
# journeys), fonts, Dovecot (IMAP), Radicale (CardDAV) and PostgreSQL (the Postgres suites).
# Idempotent: only what is missing is installed. Never starts a system service: the tests start
# their own instances on loopback ports in temp folders.
#
# Without root, or on a system without apt-get, it names the exact packages and exits non-zero:
# a missing server must fail the run, never skip a suite.
set -euo pipefail

# package  :  a file that proves it is installed
wanted=(
  "chromium:/usr/bin/chromium"
  "fonts-dejavu-core:/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  "dovecot-imapd:/usr/sbin/dovecot"
  "radicale:/usr/bin/radicale"
  "postgresql:/usr/lib/postgresql/*/bin/postgres"
  "openssl:/usr/bin/openssl"
)

missing=()
for entry in "${wanted[@]}"; do
  package=${entry%%:*}
  proof=${entry#*:}
  compgen -G "$proof" >/dev/null || missing+=("$package")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-test-system: every package the tests need is installed."
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-test-system: this system has no apt-get. Install these packages (Debian names) by hand: ${missing[*]}" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "setup-test-system: installing packages needs root. Run as root, or: sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
# PostgreSQL's Debian packaging creates and starts a 'main' cluster on install; the tests never use
# it (they run initdb in a temp folder), so ask postgresql-common not to create one.
if printf '%s\n' "${missing[@]}" | grep -qx postgresql && [ ! -e /etc/postgresql-common/createcluster.conf ]; then
  mkdir -p /etc/postgresql-common
  echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.conf
fi
echo "setup-test-system: installing ${missing[*]}"
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup-test-system: installed ${missing[*]}."
