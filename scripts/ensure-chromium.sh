#!/usr/bin/env bash
# The end-to-end suite drives Debian's Chromium (Playwright cannot download
# its own browser here). Install it when missing and we are root.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Chromium for the end-to-end tests (apt-get)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-noto-core >/dev/null
  exit 0
fi
echo "The end-to-end tests need Chromium at /usr/bin/chromium." >&2
echo "Install it as root: apt-get update && apt-get install -y chromium" >&2
exit 1
