# A tfbridge provider image: terraform, the provider plugin in a filesystem mirror (the pod needs no
# registry at run time), and tfbridge with the provider; non-root, read-only root filesystem, workspaces
# on an emptyDir mounted at /workspaces. This repository is the provider project of its own providers
# (aws, builtin): the same design as the Dockerfile `tfbridge init` writes for any provider project,
# whose tfbridge comes from a second build context instead.
#
#   docker build -t tfbridge-provider-aws:5.100.0 \
#     --build-arg PROVIDER_SOURCE=hashicorp/aws --build-arg PROVIDER_VERSION=5.100.0 \
#     --build-arg PROVIDER=aws .
#
# FAMILY (a build argument) makes the image of one provider family (TFBRIDGE_FAMILY), for that family's
# Crossplane package.
#
# Only the product is installed: the build context leaves the development tools, tests and benchmarks out
# (.dockerignore), and scripts/image-install.sh installs only the product's packages and checks that no
# development package or command is there.
#
# The base image is pinned by digest (the multi-platform index of python:3.11.13-slim-bookworm on
# Docker Hub, the digest public Dockerfiles pin for that tag): a re-pushed tag changes
# nothing here until the digest is changed on purpose. terraform is checked against checksums
# pinned in scripts/terraform-checksums.txt, Python packages against the hashes in requirements.lock.
ARG PYTHON_IMAGE=python:3.11.13-slim-bookworm@sha256:86adf8dbadc3d6e82ee5dd2c74bec2e1c2467cdad47886280501df722372d2e1

FROM ${PYTHON_IMAGE} AS build
ARG TERRAFORM_VERSION=1.11.4
ARG PROVIDER_SOURCE=hashicorp/aws
ARG PROVIDER_VERSION=5.100.0
ARG PROVIDER=aws
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
RUN apt-get update \
 && apt-get install -y --no-install-recommends curl=7.88.* unzip=6.0-* ca-certificates=2023* \
 && rm -rf /var/lib/apt/lists/*
COPY . /src
RUN PREFIX=/opt/tfbridge SRC=/src TERRAFORM_VERSION="${TERRAFORM_VERSION}" PROVIDER_SOURCE="${PROVIDER_SOURCE}" \
    PROVIDER_VERSION="${PROVIDER_VERSION}" PROVIDER="${PROVIDER}" /src/scripts/image-install.sh

FROM ${PYTHON_IMAGE}
ARG PROVIDER=aws
ARG FAMILY=""
COPY --from=build /opt/tfbridge /opt/tfbridge
RUN groupadd --gid 65532 tfbridge \
 && useradd --uid 65532 --gid 65532 --no-create-home --home-dir /tmp --shell /usr/sbin/nologin tfbridge \
 && mkdir -p /workspaces && chown 65532:65532 /workspaces
ENV PATH=/opt/tfbridge/venv/bin:/opt/tfbridge/bin:$PATH \
    TFBRIDGE_TERRAFORM=/opt/tfbridge/bin/terraform \
    TFBRIDGE_PLUGIN_DIR=/opt/tfbridge/tf-plugins \
    TFBRIDGE_WORKSPACE_ROOT=/workspaces \
    TFBRIDGE_PROVIDER=${PROVIDER} \
    TFBRIDGE_FAMILY=${FAMILY} \
    HOME=/tmp \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1
USER 65532:65532
WORKDIR /workspaces
EXPOSE 8080
ENTRYPOINT ["tfbridge", "run"]
