#!/usr/bin/env bash
# Puts Node.js 24 LTS first in PATH (scripts/setup-node.sh: Debian's own build, unpacked under
# /opt/nodeforky; decision 0037), so the `npm ci` and `npm test` that follow run on it, and
# installs the Debian packages the test suites start as throwaway servers: Chromium (browser
# journeys), fonts, Dovecot, Cyrus and Courier (IMAP), Radicale (CardDAV), PostgreSQL (the Postgres
# suites), isync (mbsync), and the two PST readers the PST writer's tests check it with: pst-utils
# (readpst, libpst) and pff-tools (pffexport/pffinfo, libpff). Idempotent: only what is missing is
# installed. Never starts a system service: the tests start their own instances on loopback ports in
# temp folders.
#
# The three IMAP servers cannot be installed side by side: dovecot-imapd, cyrus-imapd and
# courier-imap each provide `imap-server`, and cyrus-imapd and courier-imap conflict with it (apt
# removes whichever was there). So only dovecot-imapd is installed; cyrus-imapd and courier-imap,
# tiny packages holding just their IMAP daemons, are unpacked (dpkg-deb -x) under $UNPACKED, where
# test/support/cyrus.ts and test/support/courier.ts run them, in step with the installed
# cyrus-common / courier-base (unpacked again when those are upgraded). Their dependencies
# (cyrus-common, courier-base, authlib...) conflict with nothing and are installed normally.
#
# Without root, or on a system without apt-get, it names the exact packages and exits non-zero:
# a missing server must fail the run, never skip a suite.
set -euo pipefail

# package  :  a file that proves it is installed
wanted=(
  "chromium:/usr/bin/chromium"
  "fonts-dejavu-core:/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  "dovecot-imapd:/usr/lib/dovecot/imap"
  "cyrus-common:/usr/lib/cyrus/bin/master"
  "sasl2-bin:/usr/sbin/saslpasswd2"
  "courier-base:/usr/sbin/couriertcpd"
  "courier-authdaemon:/usr/lib/courier/courier-authlib/authdaemond"
  "courier-authlib-userdb:/usr/sbin/makeuserdb"
  "libgamin0:/usr/lib/*/libfam.so.0"
  "isync:/usr/bin/mbsync"
  "radicale:/usr/bin/radicale"
  "postgresql:/usr/lib/postgresql/*/bin/postgres"
  "openssl:/usr/bin/openssl"
  "pst-utils:/usr/bin/readpst"
  "pff-tools:/usr/bin/pffexport"
  "patchelf:/usr/bin/patchelf"
)

# Unpacked, not installed (see above): package  :  the installed package it depends on at an exact
# version (whose version is kept in $UNPACKED/<package>/.version: when it changes, the package is
# unpacked again)  :  a file under $UNPACKED/<package> that proves it.
UNPACKED=/opt/imap-test-servers
unpacked=(
  "cyrus-imapd:cyrus-common:usr/lib/cyrus/bin/imapd"
  "courier-imap:courier-base:usr/bin/imapd"
)
# The version of an installed package (nothing when it is not installed, or only its conffiles are left).
installed_version() {
  local status
  status=$(dpkg-query -W -f='${db:Status-Status} ${Version}' "$1" 2>/dev/null) || return 0
  if [ "${status%% *}" = installed ]; then echo "${status#* }"; fi
}
# Prints the unpacked packages that are missing, or whose version no longer matches their partner's.
stale_unpacked() {
  local entry package partner proof version
  for entry in "${unpacked[@]}"; do
    IFS=: read -r package partner proof <<<"$entry"
    version=$(installed_version "$partner")
    if [ -z "$version" ] || [ ! -e "$UNPACKED/$package/$proof" ] ||
      [ "$(cat "$UNPACKED/$package/.version" 2>/dev/null)" != "$version" ]; then
      echo "$package"
    fi
  done
}

missing=()
for entry in "${wanted[@]}"; do
  package=${entry%%:*}
  proof=${entry#*:}
  compgen -G "$proof" >/dev/null || missing+=("$package")
done
mapfile -t missing_unpacked < <(stale_unpacked)

if [ ${#missing[@]} -eq 0 ] && [ ${#missing_unpacked[@]} -eq 0 ]; then
  echo "setup-test-system: every package the tests need is installed."
  exec bash "$(dirname "$0")/setup-node.sh"
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-test-system: this system has no apt-get. Install these packages (Debian names) by hand: ${missing[*]}" \
    "and unpack these with dpkg-deb -x into $UNPACKED/<package>: ${missing_unpacked[*]}" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "setup-test-system: installing packages needs root. Run it as root (sudo bash $0)." \
    "Missing: ${missing[*]} ${missing_unpacked[*]}" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive

# Postinst scripts (Dovecot, exim4 pulled in as the MTA, Courier's authdaemon) start their system
# service unless policy-rc.d says no; where none exists, one that denies everything is in place for
# the install only.
apt_install() {
  local policy=/usr/sbin/policy-rc.d own_policy=false
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\n# setup-test-system: no service starts during the install\nexit 101\n' > "$policy"
    chmod 755 "$policy"
    own_policy=true
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  if [ "$own_policy" = true ]; then
    rm -f "$policy"
    trap - EXIT
  fi
}

apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then
  # PostgreSQL's Debian packaging creates and starts a 'main' cluster on install; the tests never use
  # it (they run initdb in a temp folder), so ask postgresql-common not to create one.
  if printf '%s\n' "${missing[@]}" | grep -qx postgresql && [ ! -e /etc/postgresql-common/createcluster.conf ]; then
    mkdir -p /etc/postgresql-common
    echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.conf
  fi
  echo "setup-test-system: installing ${missing[*]}"
  apt_install "${missing[@]}"
  echo "setup-test-system: installed ${missing[*]}."
fi

mapfile -t missing_unpacked < <(stale_unpacked)
if [ ${#missing_unpacked[@]} -gt 0 ]; then
  download=$(mktemp -d)
  # apt's download sandbox user must be able to write there.
  chown _apt "$download" 2>/dev/null || true
  for package in "${missing_unpacked[@]}"; do
    for entry in "${unpacked[@]}"; do
      if [ "${entry%%:*}" = "$package" ]; then IFS=: read -r _ partner _ <<<"$entry"; fi
    done
    (cd "$download" && apt-get download -qq "$package")
    deb=$(compgen -G "$download/${package}_*.deb")
    # The archive's package wants the archive's partner: bring an older installed one up to it.
    if ! dpkg-deb -f "$deb" Depends | grep -qF "$partner (= $(installed_version "$partner"))"; then
      apt_install "$partner"
    fi
    rm -rf "${UNPACKED:?}/$package"
    mkdir -p "$UNPACKED/$package"
    dpkg-deb -x "$deb" "$UNPACKED/$package"
    installed_version "$partner" > "$UNPACKED/$package/.version"
  done
  rm -rf "$download"
  echo "setup-test-system: unpacked ${missing_unpacked[*]} into $UNPACKED."
fi

bash "$(dirname "$0")/setup-node.sh"
