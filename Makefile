# The two commands a newcomer runs: `make demo` and `make test`. Both create .venv first.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# The provider plugin mirror; empty means "use the registry". This machine's mirror, when present.
TFBRIDGE_PLUGIN_DIR ?= $(wildcard /opt/tf-plugins)
export TFBRIDGE_PLUGIN_DIR
PYTEST_ARGS ?=
# The venv's console scripts (hadolint, ruff, moto_server, tfbridge) come before anything installed on the
# machine: a tool the tests find must be the one this project pinned, on a fresh machine too.
export PATH := $(abspath $(BIN)):$(PATH)

.PHONY: install demo test test-sweep lint lock docs

# tfbridge with its test tools, and beside it the development package (dev/: the local rig, the demo,
# conformance), a distribution of its own that no provider image installs.
$(BIN)/tfbridge: pyproject.toml dev/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]' -e ./dev
	touch $@

install: $(BIN)/tfbridge

demo: install
	$(BIN)/tfbridge demo

lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# Workers: two more than two cores' worth, because a good part of the suite's time is tests waiting on the
# cloud's own waiters and on deadlines they prove, which the extra workers fill with CPU work (on 2 cores, 3
# workers left a fifth of the CPU idle; 4 finish about a minute sooner).
WORKERS ?= 4

# Go's collector in terraform and the provider processes runs half as often (docs/guide/operating.md, Sizing):
# about a sixth less CPU per plan in the provider processes for more memory, which the suite's runs feel.
TEST_GOGC ?= 200

test: lint
	GOGC=$(TEST_GOGC) $(BIN)/pytest -n $(WORKERS) --dist loadgroup --durations=30 $(PYTEST_ARGS)

# What `make test` checks of every kind and family in one test per invariant, one test per kind or family
# (admission of hostile objects to every CRD, kustomize on every family): slower, and names each case apart.
test-sweep: install
	GOGC=$(TEST_GOGC) $(BIN)/pytest -n $(WORKERS) --dist loadgroup --sweep -m sweep $(PYTEST_ARGS)

# The image's Python packages, every one pinned with its hashes (scripts/image-install.sh installs
# them with --require-hashes). Run after changing a dependency in pyproject.toml.
lock: install
	$(BIN)/uv pip compile --no-config --quiet --generate-hashes --universal --python-version 3.11 \
	  pyproject.toml scripts/build-requirements.in -o requirements.lock

# The provider config reference, written from tfconfig's types, and the kinds' API versions, from the AWS
# catalogue (a test fails when either is stale).
docs: install
	$(BIN)/python -m codegen.reference docs/guide/config-reference.md
	$(BIN)/python -m codegen.versions providers/aws docs/guide/versions.md
	$(BIN)/mkdocs build --strict
