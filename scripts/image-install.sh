#!/usr/bin/env bash
# Install what a tfbridge provider image holds, under PREFIX: terraform, the provider plugin in a
# filesystem mirror (the pod never needs a registry), and tfbridge with the provider project (config,
# schema and data; kinds are built from them at run time, nothing generated is needed) in a virtualenv.
# This repository's Dockerfile and every provider project's (`tfbridge init`) run this script; CI runs it
# in a scratch prefix, so a broken step fails CI even where no Docker engine exists.
#
# Environment (the Dockerfile's build arguments):
#   PREFIX             install here (the image: /opt/tfbridge)
#   TERRAFORM_VERSION  the terraform release; the installed binary must report it
#   PROVIDER_SOURCE    e.g. hashicorp/aws (terraform.io/builtin/terraform: built in, no plugin to install)
#   PROVIDER_VERSION   e.g. 5.100.0
#   PROVIDER           the provider's name in the tfbridge.providers entry point group, e.g. aws
# Optional:
#   SRC                the tfbridge source tree (default: this script's checkout)
#   PROJECT            the provider project to install beside tfbridge (its pyproject.toml registers
#                      PROVIDER); default: SRC, whose own distribution registers this repository's providers
#   TERRAFORM_BINARY   copy this terraform binary instead of downloading the release
#
# Nothing unverified is run or installed: the terraform archive (or the binary given) must match a
# checksum pinned in scripts/terraform-checksums.txt, the provider plugin (downloaded or copied from
# PLUGIN_MIRROR) one of the hashes pinned in scripts/provider-checksums.txt, and Python packages come from
# requirements.lock, every one with its hash (pip --require-hashes).
#   PLUGIN_MIRROR      copy the provider from this filesystem mirror instead of `terraform providers mirror`
#   PYTHON             the interpreter for the virtualenv (default: python3)
set -euo pipefail

: "${PREFIX:?}" "${TERRAFORM_VERSION:?}" "${PROVIDER_SOURCE:?}" "${PROVIDER_VERSION?}" "${PROVIDER:?}"
SRC="${SRC:-$(cd "$(dirname "$0")/.." && pwd)}"
PROJECT="${PROJECT:-$SRC}"
PYTHON="${PYTHON:-python3}"
case "$(uname -m)" in
  x86_64) ARCH=amd64 ;;
  aarch64 | arm64) ARCH=arm64 ;;
  *) echo "image-install: unsupported machine $(uname -m)" >&2; exit 1 ;;
esac
PLATFORM="linux_${ARCH}"
HOST_SOURCE="registry.terraform.io/${PROVIDER_SOURCE}"
[[ "$PROVIDER_SOURCE" == */*/* ]] && HOST_SOURCE="$PROVIDER_SOURCE"
BUILTIN=""
[[ "$HOST_SOURCE" == terraform.io/builtin/* ]] && BUILTIN=1
step() { echo "image-install: $*" >&2; }
fail() { echo "image-install: $*" >&2; exit 1; }

# verify FILE NAME: FILE's SHA-256 must be the one pinned for NAME.
verify() {
  local want got
  want="$(awk -v name="$2" '$1 !~ /^#/ && $2 == name { print $1 }' "$SRC/scripts/terraform-checksums.txt")"
  [[ -n "$want" ]] || fail "no checksum pinned for $2 in scripts/terraform-checksums.txt; refusing to install it"
  got="$(sha256sum "$1" | cut -d' ' -f1)"
  [[ "$got" == "$want" ]] || fail "checksum mismatch for $2: got $got, pinned $want"
  step "verified $2 (sha256 $got)"
}

mkdir -p "$PREFIX/bin" "$PREFIX/tf-plugins"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

step "terraform ${TERRAFORM_VERSION}"
if [[ -n "${TERRAFORM_BINARY:-}" ]]; then
  cp "$TERRAFORM_BINARY" "$scratch/terraform"  # the copy checked is the copy installed
  verify "$scratch/terraform" "terraform_${TERRAFORM_VERSION}_${PLATFORM}/terraform"
  install -m 0755 "$scratch/terraform" "$PREFIX/bin/terraform"
else
  zip="terraform_${TERRAFORM_VERSION}_${PLATFORM}.zip"
  curl -fsSL -o "$scratch/$zip" "https://releases.hashicorp.com/terraform/${TERRAFORM_VERSION}/$zip"
  verify "$scratch/$zip" "$zip"
  unzip -o -q "$scratch/$zip" terraform -d "$PREFIX/bin"
fi
reported="$("$PREFIX/bin/terraform" version -json | "$PYTHON" -c 'import json,sys; print(json.load(sys.stdin)["terraform_version"])')"
if [[ "$reported" != "$TERRAFORM_VERSION" ]]; then
  echo "image-install: terraform reports ${reported}, TERRAFORM_VERSION is ${TERRAFORM_VERSION}" >&2
  exit 1
fi

if [[ -n "$BUILTIN" ]]; then
  step "provider ${PROVIDER_SOURCE} is built into terraform: no plugin to install"
else
  step "provider ${PROVIDER_SOURCE} ${PROVIDER_VERSION} (${PLATFORM}) into a filesystem mirror"
  if [[ -n "${PLUGIN_MIRROR:-}" ]]; then
    from="$PLUGIN_MIRROR/$HOST_SOURCE/$PROVIDER_VERSION/$PLATFORM"
    [[ -d "$from" ]] || { echo "image-install: $from does not exist" >&2; exit 1; }
    mkdir -p "$PREFIX/tf-plugins/$HOST_SOURCE/$PROVIDER_VERSION"
    cp -R "$from" "$PREFIX/tf-plugins/$HOST_SOURCE/$PROVIDER_VERSION/"
  else
    name="${PROVIDER_SOURCE##*/}"
    printf '{"terraform":{"required_providers":{"%s":{"source":"%s","version":"%s"}}}}\n' \
      "$name" "$PROVIDER_SOURCE" "$PROVIDER_VERSION" > "$scratch/main.tf.json"
    (cd "$scratch" && "$PREFIX/bin/terraform" providers mirror -platform="$PLATFORM" "$PREFIX/tf-plugins")
  fi

  step "offline init from the mirror alone, held to the provider's pinned hashes"
  offline="$scratch/offline"
  mkdir -p "$offline"
  name="${PROVIDER_SOURCE##*/}"
  printf '{"terraform":{"required_providers":{"%s":{"source":"%s","version":"%s"}}}}\n' \
    "$name" "$PROVIDER_SOURCE" "$PROVIDER_VERSION" > "$offline/main.tf.json"
  printf 'provider_installation {\n  filesystem_mirror {\n    path = "%s"\n  }\n}\n' "$PREFIX/tf-plugins" \
    > "$scratch/offline.tfrc"
  # A dependency lock file of the pinned hashes: terraform refuses a package (unpacked or an archive) that
  # matches none of them, whether `providers mirror` fetched it or PLUGIN_MIRROR was copied.
  # A provider project pins its own plugin's hashes beside its pyproject.toml; tfbridge's own are in scripts/.
  checksums="$SRC/scripts/provider-checksums.txt"
  [[ -f "$PROJECT/provider-checksums.txt" ]] && checksums="$PROJECT/provider-checksums.txt"
  hashes="$(awk -v src="$HOST_SOURCE" -v ver="$PROVIDER_VERSION" '$1 !~ /^#/ && $2 == src && $3 == ver { print $1 }' \
    "$checksums")"
  [[ -n "$hashes" ]] || fail "no hash pinned for $HOST_SOURCE $PROVIDER_VERSION in $checksums; refusing to install it"
  {
    printf 'provider "%s" {\n  version = "%s"\n  hashes = [\n' "$HOST_SOURCE" "$PROVIDER_VERSION"
    printf '    "%s",\n' $hashes
    printf '  ]\n}\n'
  } > "$offline/.terraform.lock.hcl"
  if ! (cd "$offline" && TF_CLI_CONFIG_FILE="$scratch/offline.tfrc" TF_IN_AUTOMATION=1 \
        "$PREFIX/bin/terraform" init -input=false -no-color -lockfile=readonly > "$scratch/init.log" 2>&1); then
    cat "$scratch/init.log" >&2
    fail "the provider in the mirror matches none of the hashes pinned for $HOST_SOURCE $PROVIDER_VERSION"
  fi
  step "verified $HOST_SOURCE $PROVIDER_VERSION against its pinned hashes"
fi

step "tfbridge into $PREFIX/venv"
# Only the product's packages. The development tools (the local API server devserver/, and the
# tfbridge-dev distribution in dev/: the local rig, the demo, conformance) and tests/ and benchmarks/
# are left out; so are the commands the development package adds to tfbridge.
build="$scratch/src"
mkdir -p "$build"
for part in pyproject.toml README.md bridge codegen tfconfig tfschema tfproject tfbridge templates providers; do
  cp -R "$SRC/$part" "$build/"
done
"$PYTHON" -m venv "$PREFIX/venv"
# Every dependency pinned and hashed; then tfbridge itself, built with the locked setuptools and
# no index at all, so nothing arrives unchecked.
"$PREFIX/venv/bin/pip" install --quiet --require-hashes --no-deps -r "$SRC/requirements.lock"
"$PREFIX/venv/bin/pip" install --quiet --no-deps --no-build-isolation --no-index "$build"
for package in devserver devrig conformance benchmarks tests moto; do
  if (cd / && "$PREFIX/venv/bin/python" -c "import ${package}" 2>/dev/null); then
    fail "the development package ${package} must not be installed in the image"
  fi
done
added="$(cd / && "$PREFIX/venv/bin/python" -c \
  'import importlib.metadata as m; print(" ".join(e.name for e in m.entry_points(group="tfbridge.commands")))')"
[[ -z "$added" ]] || fail "development commands must not be installed in the image: $added"
if [[ "$PROJECT" != "$SRC" ]]; then
  step "the provider project into $PREFIX/venv"
  # A copy, so that building it writes nothing into the project; its build backend is the locked setuptools.
  cp -R "$PROJECT" "$scratch/project"
  "$PREFIX/venv/bin/pip" install --quiet --no-deps --no-build-isolation --no-index "$scratch/project"
fi
# The provider is found by its name, through its entry point, as `tfbridge run` finds it.
(cd / && "$PREFIX/venv/bin/python" -c "from bridge.api import registry; assert registry.load('${PROVIDER}').kinds")
(cd / && "$PREFIX/venv/bin/tfbridge" run --help >/dev/null)
(cd / && TFBRIDGE_TERRAFORM="$PREFIX/bin/terraform" "$PREFIX/venv/bin/tfbridge" --version) | sed 's/^/image-install: /' >&2
step "done: $PREFIX"
