#!/bin/sh
# Installs the system packages the browser tests need (Debian's chromium-headless-shell, the
# old headless Chromium the tests drive, and fonts-nanum for Hangul)
# when they are missing and we may (root with apt-get, waiting up to 10 minutes for the dpkg lock);
# otherwise says what to install.
missing=""
[ -x "${GOSTOP_CHROMIUM:-/usr/bin/chromium-headless-shell}" ] || missing="$missing chromium-headless-shell"
if command -v dpkg-query >/dev/null 2>&1; then
    dpkg-query -W -f='${Status}' fonts-nanum 2>/dev/null | grep -q "ok installed" || missing="$missing fonts-nanum"
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing system packages:$missing"
    # Another apt (unattended upgrades, a second make) may hold the dpkg lock: wait for it.
    apt="apt-get -o DPkg::Lock::Timeout=600"
    $apt update -qq && DEBIAN_FRONTEND=noninteractive $apt install -y -qq $missing >/dev/null
    exit $?
fi
echo "note: the browser tests need these system packages:$missing (e.g. sudo apt-get install$missing);"
echo "      without them those tests skip (and fail where CI is set)."
exit 0
