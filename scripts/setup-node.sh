#!/usr/bin/env bash
# Puts Node.js 24 LTS first in PATH on Debian 12, from Debian's own packages (decision 0037).
# Run by scripts/setup-test-system.sh, as root, so that the README's test command (`npm ci` and
# `npm test`) runs on a runtime that still gets security fixes: Debian 12's nodejs is 18, and nothing
# may be downloaded at install or test time but Debian packages (no nodejs.org binaries or headers).
#
# Debian forky (testing) builds Node 24 against its own glibc, OpenSSL, ICU, libuv..., too new to
# install on bookworm. So forky's nodejs, libnode-dev and what they depend on (the whole closure,
# glibc included) are resolved and downloaded by apt with a private configuration (forky's index,
# checked against the Debian archive keys, and an empty package status, so nothing of the host counts
# as present) and unpacked under $ROOT, never installed: the host's packages are untouched. Then:
# - `node` gets $ROOT's dynamic loader as its interpreter and $ROOT's library folder as its RPATH
#   (patchelf; RPATH, unlike RUNPATH, also serves libnode's own dependencies), so the binary runs by
#   a plain exec: the tests spawn `process.execPath` for workers and kill tests, with no environment.
# - libnode reads three shared builtins (undici, acorn, acorn-walk) at start from
#   /usr/share/nodejs/..., which on this host is not forky's (or absent). Those compiled-in paths are
#   rewritten to $ROOT/js, a link to $ROOT/usr/share/nodejs of exactly the same length.
# - $LINK_DIR/node (/usr/local/bin, ahead of /usr/bin in Debian's PATH) is a wrapper that exports
#   npm_config_nodedir, so node-gyp builds better-sqlite3 against libnode-dev's headers for this
#   Node (overriding a user's `nodedir`, and never downloading headers), and runs $ROOT's node.
# - libnode-dev's node_object_wrap.h loses the two cleanup-hook calls Node 24.19 added, with which
#   better-sqlite3 12 aborts the process in an ordinary GC (see below).
# The machine's npm (`npm` on PATH, whose `#!/usr/bin/env node` now finds this node) is the npm.
#
# Idempotent: forky's index is fetched each run (a few seconds), and the tree is rebuilt only when
# forky's nodejs version or this script differs from the ones it was made with, so Debian's security
# fixes arrive by running it again. Offline, a working tree already there is kept with a warning.
set -euo pipefail

ROOT=/opt/nodeforky
LINK_DIR=/usr/local/bin
SUITE=forky
PACKAGES=(nodejs libnode-dev)
DEBIAN_JS=/usr/share/nodejs
# The rewrite must keep every string's length.
JS_LINK=$ROOT/js
if [ ${#JS_LINK} -ne ${#DEBIAN_JS} ]; then
  echo "setup-node: $JS_LINK must be as long as $DEBIAN_JS" >&2
  exit 1
fi
LIBDIR=$ROOT/usr/lib/x86_64-linux-gnu
NODE=$ROOT/usr/bin/node

# Proves a tree's node runs on this host, loads its shared builtins (fetch needs undici, assert's
# messages acorn) and is an LTS of 22 or later.
works() {
  "$1" -e '
    const major = Number(process.versions.node.split(".")[0]);
    require("assert"); void fetch;
    if (major < 22 || major % 2) process.exit(1);
  ' 2>/dev/null
}

if [ "$(dpkg --print-architecture 2>/dev/null)" != amd64 ]; then
  if works node; then
    echo "setup-node: not Debian on amd64; the node in PATH, $(node --version), will do."
    exit 0
  fi
  echo "setup-node: not Debian on amd64: put Node.js 22 or 24 LTS first in PATH by hand (decision 0037)." >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  if works "$NODE" && [ "$(command -v node)" = "$LINK_DIR/node" ]; then
    echo "setup-node: node $(node --version) ($ROOT) is first in PATH (not root: not checked for updates)."
    exit 0
  fi
  echo "setup-node: putting Node 24 in $ROOT and $LINK_DIR needs root. Run it as root (sudo bash $0)." >&2
  exit 1
fi

apt_dir=$ROOT-apt
apt_options=(
  -o "Dir::Etc::sourcelist=$apt_dir/sources.list" -o "Dir::Etc::sourceparts=$apt_dir/empty"
  -o "Dir::Etc::preferences=$apt_dir/empty/preferences" -o "Dir::Etc::preferencesparts=$apt_dir/empty"
  -o "Dir::State=$apt_dir/state" -o "Dir::State::status=$apt_dir/state/status"
  -o "Dir::Cache=$apt_dir/cache" -o "APT::Architectures::=amd64" -o "APT::Sandbox::User=root"
  -o "Debug::NoLocking=1" -o "Acquire::Languages=none"
)
mkdir -p "$apt_dir/empty" "$apt_dir/state/lists/partial" "$apt_dir/cache/archives/partial"
touch "$apt_dir/state/status"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $SUITE main" \
  > "$apt_dir/sources.list"

if ! apt-get "${apt_options[@]}" update -qq; then
  if works "$NODE"; then
    echo "setup-node: could not read Debian $SUITE's index; keeping Node $("$NODE" --version) in $ROOT." >&2
  else
    echo "setup-node: could not read Debian $SUITE's index (is debian-archive-keyring current?)." >&2
    exit 1
  fi
else
  # forky's version and this script's own hash: a tree made by an older recipe is made again.
  wanted="$(apt-cache "${apt_options[@]}" show --no-all-versions nodejs | sed -n 's/^Version: //p') $(sha256sum < "$0" | cut -c1-16)"
  if [ "$(cat "$ROOT/.version" 2>/dev/null)" != "$wanted" ] || ! works "$NODE"; then
    echo "setup-node: unpacking Debian $SUITE's nodejs ${wanted% *} into $ROOT"
    rm -f "$apt_dir"/cache/archives/*.deb
    apt-get "${apt_options[@]}" install -qq -y --download-only --no-install-recommends "${PACKAGES[@]}" >/dev/null
    rm -rf "$ROOT.new"
    mkdir -p "$ROOT.new"
    for deb in "$apt_dir"/cache/archives/*.deb; do dpkg-deb -x "$deb" "$ROOT.new"; done
    rm -f "$apt_dir"/cache/archives/*.deb
    # Every path is the final one: the tree is moved into place before it runs.
    LC_ALL=C perl -0777 -pi -e "s{\Q$DEBIAN_JS\E}{$JS_LINK}g" "$ROOT.new"/usr/lib/x86_64-linux-gnu/libnode.so.*
    ln -s usr/share/nodejs "$ROOT.new/js"
    # Node 24.19 and later (24.21 here): node::ObjectWrap, all inline in the addon, adds an
    # environment cleanup hook in its constructor and removes it in its destructor, and Node aborts
    # ("Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook) when a wrapped object is
    # collected with no context entered: better-sqlite3 12's Statement, in an ordinary GC, crashed
    # the service within seconds (nodejs/node#65446, open). Addons are compiled with ObjectWrap as it
    # was up to 24.18, without the hook, which runs clean on this runtime.
    sed -i -e '/^ *AddCleanupHook();$/d' -e '/^ *RemoveCleanupHook();$/d' "$ROOT.new/usr/include/node/node_object_wrap.h"
    patchelf --set-interpreter "$LIBDIR/ld-linux-x86-64.so.2" --force-rpath --set-rpath "$LIBDIR" \
      "$ROOT.new/usr/bin/node"
    echo "$wanted" > "$ROOT.new/.version"
    rm -rf "$ROOT.old"
    if [ -e "$ROOT" ]; then mv "$ROOT" "$ROOT.old"; fi
    mv "$ROOT.new" "$ROOT"
    if ! works "$NODE"; then
      echo "setup-node: Debian $SUITE's nodejs ${wanted% *} does not run here:" >&2
      "$NODE" --version >&2 || true
      rm -rf "$ROOT"
      if [ -e "$ROOT.old" ]; then mv "$ROOT.old" "$ROOT"; fi
      exit 1
    fi
    rm -rf "$ROOT.old"
  fi
fi

mkdir -p "$LINK_DIR"
cat > "$LINK_DIR/node.new" <<EOF
#!/bin/sh
# Made by scripts/setup-node.sh (decision 0037): Debian $SUITE's Node in $ROOT, with its headers for node-gyp.
export npm_config_nodedir=$ROOT/usr
exec $NODE "\$@"
EOF
chmod 755 "$LINK_DIR/node.new"
mv "$LINK_DIR/node.new" "$LINK_DIR/node"

if [ "$(command -v node)" != "$LINK_DIR/node" ]; then
  echo "setup-node: $(command -v node) comes before $LINK_DIR/node in PATH; put $LINK_DIR first." >&2
  exit 1
fi
if ! npm_version=$(npm --version 2>/dev/null); then
  echo "setup-node: no npm runs here. Install npm (any npm 10 or later that runs on Node 24)." >&2
  exit 1
fi
echo "setup-node: node $(node --version) ($ROOT), npm $npm_version."
