#!/bin/sh
# Installs the system packages the browser tests need (Debian's chromium-headless-shell, the
# old headless Chromium the tests drive; fonts-nanum for Hangul and fonts-liberation for Latin
# text, the fonts the tests' pages are laid out with) when they are missing and we may (root
# with apt-get, waiting up to 10 minutes for the dpkg lock); otherwise says what to install.
# Without the recommended packages (a printer dialog, Samba, a notification daemon, ...): a
# headless browser needs none of them, and they took most of the install's time.
missing=""
[ -x "${GOSTOP_CHROMIUM:-/usr/bin/chromium-headless-shell}" ] || missing="$missing chromium-headless-shell"
if command -v dpkg-query >/dev/null 2>&1; then
    for pkg in fonts-nanum fonts-liberation; do
        dpkg-query -W -f='${Status}' $pkg 2>/dev/null | grep -q "ok installed" || missing="$missing $pkg"
    done
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing system packages:$missing"
    # Another apt (unattended upgrades, a second make) may hold the dpkg lock: wait for it.
    apt="apt-get -o DPkg::Lock::Timeout=600"
    install="$apt install -y -qq --no-install-recommends$missing"
    export DEBIAN_FRONTEND=noninteractive
    # the package lists are fetched again only when the machine's own do not have the packages
    $install >/dev/null 2>&1 || { $apt update -qq && $install >/dev/null; }
    exit $?
fi
echo "note: the browser tests need these system packages:$missing (e.g. sudo apt-get install$missing);"
echo "      without them those tests skip (and fail where CI is set)."
exit 0
