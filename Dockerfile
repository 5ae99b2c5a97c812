# The release image (built by GoReleaser, .goreleaser.yaml dockers_v2): the
# static binary alone, nothing else to patch. GoReleaser puts each
# platform's binary in <os>/<arch>/ of the build context.
#
#   docker run --rm -u "$(id -u):$(id -g)" -v "$PWD:/src" ghcr.io/redis-lua-lint/redis-lua-lint:v0.3.0 check .
FROM scratch
ARG TARGETPLATFORM
COPY $TARGETPLATFORM/redis-lua-lint /usr/local/bin/redis-lua-lint
WORKDIR /src
ENTRYPOINT ["/usr/local/bin/redis-lua-lint"]
CMD ["check", "."]
