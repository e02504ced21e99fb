#!/usr/bin/env bash
# Checks the monitoring files a provider loads, which nothing else reads
# before a real incident:
# - deploy/grafana-dashboard.json is valid JSON;
# - every socius_* and go_sql_* metric the dashboard and
#   deploy/prometheus-rules.yml read is listed in a table of
#   docs/operations.md: Prometheus answers a misspelled name with an empty
#   result, not an error, so the panel stays empty and the alert never fires;
# - the rules shown in docs/operations.md are the file's, word for word;
# - the rules load in promtool, where it is installed.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
dashboard=deploy/grafana-dashboard.json
rules=deploy/prometheus-rules.yml
doc=docs/operations.md
names='(socius|go_sql)_[a-z_]*[a-z]'

for f in "$dashboard" "$rules" "$doc"; do
	[ -f "$f" ] || { echo "check-monitoring: $f is missing" >&2; exit 1; }
done

json_ok=yes
if command -v node >/dev/null 2>&1; then
	node -e 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))' "$dashboard" || json_ok=no
elif command -v python3 >/dev/null 2>&1; then
	python3 -m json.tool "$dashboard" >/dev/null || json_ok=no
fi
if [ "$json_ok" = no ]; then
	echo "check-monitoring: $dashboard is not valid JSON" >&2
	exit 1
fi

# A histogram is listed under its own name; queries read its series
# name_bucket, name_count and name_sum.
used=$(grep -ohE "$names" "$dashboard" "$rules" | sed -E 's/_(bucket|count|sum)$//' | sort -u)
listed=$(grep -E '^[[:space:]]*\|' "$doc" | grep -oE "$names" | sort -u || true)
missing=$(comm -23 <(printf '%s\n' "$used") <(printf '%s\n' "$listed"))
if [ -n "$missing" ]; then
	echo "check-monitoring: metrics read by $dashboard or $rules but listed in no table of $doc" >&2
	echo "(misspelled, or missing from the table):" >&2
	printf '  %s\n' $missing >&2
	exit 1
fi

# The fenced block of the page that begins with the file's first line.
first=$(head -n1 "$rules")
shown=$(awk -v first="$first" '
	/^```/ { if (inblock) exit; fence = 1; next }
	fence { fence = 0; if ($0 == first) inblock = 1 }
	inblock { print }
' "$doc")
if [ "$shown" != "$(cat "$rules")" ]; then
	echo "check-monitoring: the alert rules shown in $doc differ from $rules; copy the file into the page:" >&2
	diff <(printf '%s\n' "$shown") "$rules" >&2 || true
	exit 1
fi

if command -v promtool >/dev/null 2>&1; then
	promtool check rules "$rules" >/dev/null
fi
echo "check-monitoring: the $(printf '%s\n' "$used" | wc -l) socius_/go_sql_ metrics of the dashboard and the alert rules are in $doc, whose rules are $rules"
