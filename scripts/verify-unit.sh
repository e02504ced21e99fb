#!/usr/bin/env bash
# Checks deploy/socius.service with `systemd-analyze verify`: a misspelled
# directive, a bad value or a missing [Install] target fails the build, not a
# provider's upgrade. Machines without systemd-analyze skip the check.
# Works as root in a container without a running systemd; takes a second.
set -euo pipefail

if ! command -v systemd-analyze >/dev/null 2>&1; then
	echo "verify-unit: systemd-analyze not found; deploy/socius.service not checked (skipped)"
	exit 0
fi

root=$(cd "$(dirname "$0")/.." && pwd)
unit="$root/deploy/socius.service"

# verify fails when an Exec*= binary does not exist, and /usr/local/bin/socius
# is where a provider installs it, not where it is on a build machine. So a
# copy is checked in which that path names an executable that exists: the
# binary built here, or /bin/true (only its existence is checked, never run).
exe=/bin/true
[ -x "$root/bin/socius" ] && exe="$root/bin/socius"
case "$exe" in *[[:space:]#]*) exe=/bin/true ;; esac # a path systemd would split

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The copy keeps the name socius.service: verify takes the unit's name from it.
sed "s#/usr/local/bin/socius\([[:space:]]\|\$\)#$exe\1#g" "$unit" >"$tmp/socius.service"

# --man=no: no man pages are named, and a container may have none installed.
args=(--man=no)
# --recursive-errors=no (systemd 250+): only our unit decides the exit status,
# not units of this machine that ours is ordered after.
strict_status=no
if systemd-analyze --help 2>/dev/null | grep -q -- '--recursive-errors'; then
	args+=(--recursive-errors=no)
	strict_status=yes
fi

set +e
out=$(cd "$tmp" && systemd-analyze verify "${args[@]}" "$tmp/socius.service" 2>&1)
status=$?
set -e

# verify also prints what it thinks of other units on the machine; only the
# lines naming ours count. Unknown keys are only warnings (exit status 0),
# which is why the lines are read and not just the status.
ours=$(printf '%s\n' "$out" | grep -F 'socius.service' | sed "s#$tmp/#deploy/#g" || true)

if [ -n "$ours" ] || { [ "$strict_status" = yes ] && [ "$status" -ne 0 ]; }; then
	echo "verify-unit: deploy/socius.service has problems (systemd-analyze verify, exit status $status):" >&2
	if [ -n "$ours" ]; then printf '%s\n' "$ours" >&2; else printf '%s\n' "$out" >&2; fi
	exit 1
fi
echo "verify-unit: deploy/socius.service ok ($(systemd-analyze --version | head -n1))"
