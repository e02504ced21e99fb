# Socius — the two commands a person needs are `make run` and `make test`.
SHELL := /bin/bash
GO ?= go
WEB := web
BIN := bin/socius
PG_URL ?= $(SOCIUS_TEST_POSTGRES_URL)

.PHONY: run build web web-deps go-build gen check-gen test test-go test-fuzz test-web test-e2e test-deploy bench soak chromium clean

## run: install web dependencies, build everything and serve the demo on http://localhost:8080
run: build
	./$(BIN) serve --demo

## build: the web app, then the Go binary with the app embedded (bin/socius)
build: web go-build

web-deps: $(WEB)/node_modules/.package-lock.json

$(WEB)/node_modules/.package-lock.json: $(WEB)/package.json $(WEB)/package-lock.json
	cd $(WEB) && npm ci --no-audit --no-fund
	@touch $@

web: web-deps
	cd $(WEB) && npm run build

go-build:
	$(GO) build -o $(BIN) ./cmd/socius

## gen: regenerate the OpenAPI document, the web app's API types and gates.json
gen: web-deps
	$(GO) run ./cmd/socius openapi > $(WEB)/src/shared/api/openapi.json
	$(GO) run ./cmd/socius gates > $(WEB)/src/shared/access/gates.json
	cd $(WEB) && npm run --silent gen:api

## check-gen: fail when the generated files are stale
check-gen: web-deps
	@tmp=$$(mktemp -d); \
	$(GO) run ./cmd/socius openapi > $$tmp/openapi.json && \
	$(GO) run ./cmd/socius gates > $$tmp/gates.json && \
	(cd $(WEB) && npx openapi-typescript $$tmp/openapi.json -o $$tmp/schema.d.ts >/dev/null) && \
	diff -q $$tmp/openapi.json $(WEB)/src/shared/api/openapi.json && \
	diff -q $$tmp/gates.json $(WEB)/src/shared/access/gates.json && \
	diff -q $$tmp/schema.d.ts $(WEB)/src/shared/api/schema.d.ts || \
	{ echo "Generated API files are stale: run 'make gen' and commit the result."; rm -rf $$tmp; exit 1; }; \
	rm -rf $$tmp

## test: everything a change can break (vet, Go tests on SQLite and PostgreSQL, web unit tests, dictionaries, API lint, end-to-end with accessibility audits)
test: test-deploy check-gen test-go test-fuzz test-web test-e2e

## test-go: vet, then every Go test with the race detector; the API package alone takes about 9 minutes
## under it (argon2 password hashing is slow instrumented), past go test's 10-minute default
test-go:
	$(GO) vet ./...
	$(GO) test -race -count=1 -timeout 30m ./...

## test-fuzz: a few seconds of fuzzing for each fuzz target (the committed corpus already runs in test-go).
## Budgets are counts of executions, not durations: a duration ends on a deadline that Go's fuzz
## coordinator can report as a failure ("context deadline exceeded", golang/go#75804, fixed in Go 1.27)
## when a worker is busy at that moment. Each count is about four seconds here; FUZZ_SCALE multiplies them.
FUZZ_SCALE ?= 1
FUZZ_TARGETS := internal/amount:FuzzParse:120000 internal/amount:FuzzFormatAndDecode:120000 \
	internal/pos:FuzzPrice:20000 internal/httpapi:FuzzRequestDecoding:8000
test-fuzz:
	@for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; rest=$${t#*:}; name=$${rest%%:*}; runs=$$(( $${rest#*:} * $(FUZZ_SCALE) )); \
		$(GO) test -run '^$$' -fuzz "^$$name$$" -fuzztime $${runs}x ./$$pkg || exit 1; \
	done

test-web: web-deps
	cd $(WEB) && npm run --silent typecheck && npm run --silent check:i18n && npm run --silent lint:api && npm test

chromium:
	@bash scripts/ensure-chromium.sh

test-e2e: build chromium
	cd $(WEB) && npx playwright test

## test-deploy: the provider's files in deploy/: the systemd unit passes systemd-analyze verify (skipped
## where it is not installed); the dashboard is valid JSON; every metric it and the alert rules read is
## one docs/operations.md lists (a misspelled name draws an empty panel or an alert that never fires);
## the rules shown in docs/operations.md are deploy/prometheus-rules.yml
test-deploy:
	@bash scripts/verify-unit.sh
	@bash scripts/check-monitoring.sh

## bench: performance scenarios against DESIGN.md's budgets (API latencies, the counter load, login page
## JavaScript size) on SQLite and PostgreSQL; writes docs/benchmarks.md and fails when a budget is missed
bench: web
	$(GO) run ./bench -out docs/benchmarks.md
	cd $(WEB) && npm run --silent check:bundle

## soak: the long form of the proofs make test runs short: the server killed with SIGKILL 20 times
## during a counter day on SQLite and PostgreSQL, and fifteen times the fuzzing of make test per target
soak:
	SOCIUS_CRASH_KILLS=20 $(GO) test -count=1 -v -run 'TestCrashDuringACounterDay|TestBackupAndRestoreUnderLoad' ./cmd/socius
	$(MAKE) test-fuzz FUZZ_SCALE=15

clean:
	rm -rf bin $(WEB)/dist/assets $(WEB)/dist/index.html $(WEB)/e2e/screens
