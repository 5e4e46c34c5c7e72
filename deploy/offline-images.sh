#!/usr/bin/env bash
# The images the Dockerfile and deploy/compose.yaml start from, made on this machine from Debian's
# packages and the npm registry, for a server that reaches no image registry. Each is made only
# when no image of its name is here (the official one, pulled, is used as it is):
#
#   debian:bookworm-slim     debootstrap's minimal Debian bookworm, slimmed as Debian's own image
#   node:24-bookworm-slim    that, with the Node the project pins (package.json's `node`
#                            devDependency) and npm, laid out as the official Node image
#   home-physio-postgres:15  that, with Debian's PostgreSQL 15 (deploy/images/postgres)
#   home-physio-caddy:2      that, with Debian's Caddy (deploy/images/caddy)
#
# Run as root on Debian or Ubuntu, with docker, debootstrap and npm: sudo bash deploy/offline-images.sh
# Settings (environment): DEBIAN_MIRROR (http://deb.debian.org/debian), DEBIAN_SECURITY_MIRROR
# (http://deb.debian.org/debian-security), NPM_VERSION (the npm put in the Node image; this
# machine's npm by default), DOCKER_BUILD_NETWORK (`docker build --network`; unset: Docker's
# default, which a server needs; the project's tests set `host`).
set -euo pipefail

readonly debian_image=debian:bookworm-slim
readonly node_image=node:24-bookworm-slim
readonly postgres_image=home-physio-postgres:15
readonly caddy_image=home-physio-caddy:2
readonly mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
readonly security_mirror=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
readonly keyring=/usr/share/keyrings/debian-archive-keyring.gpg
# Marks each stand-in (its value says what it was made from); the Node one also carries its
# version, so that a newer pin in package.json makes it again.
readonly stand_in_label=org.home-physio.stand-in
readonly node_label=org.home-physio.stand-in-node

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Progress on lines of "--> ", what became of each image on lines of "==> ".
progress() { printf -- '--> %s\n' "$*"; }
say() { printf '==> %s\n' "$*"; }
fail() {
  printf 'deploy/offline-images.sh: %s\n' "$*" >&2
  exit 1
}

build_args=()
if [[ -n ${DOCKER_BUILD_NETWORK:-} ]]; then build_args+=(--network "$DOCKER_BUILD_NETWORK"); fi

has_image() { docker image inspect "$1" >/dev/null 2>&1; }

# The Node version the project pins: package.json's devDependencies.node (npm writes one key a line).
pinned_node_version() {
  local version
  version=$(sed -n '/^  "devDependencies": {/,/^  }/s/^    "node": "\([^"]*\)",\{0,1\}$/\1/p' package.json)
  [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] ||
    fail "package.json's devDependencies.node is \"$version\", not an exact version (x.y.z)"
  printf '%s\n' "$version"
}

# The stand-in Node version of the image, "official" for an image without our label, or nothing.
node_image_version() {
  local label
  label=$(docker image inspect --format "{{ index .Config.Labels \"$node_label\" }}" "$node_image" 2>/dev/null) ||
    return 0
  label=${label/<no value>/}
  printf '%s\n' "${label:-official}"
}

# What is to be made.
node_version=$(pinned_node_version)
want_debian=false want_node=false want_postgres=false want_caddy=false
has_image "$debian_image" || want_debian=true
present_node=$(node_image_version)
[[ $present_node == official || $present_node == "$node_version" ]] || want_node=true
has_image "$postgres_image" || want_postgres=true
has_image "$caddy_image" || want_caddy=true

if $want_debian || $want_node || $want_postgres || $want_caddy; then
  missing=()
  command -v docker >/dev/null || missing+=("docker (apt-get install docker.io)")
  if $want_debian; then
    command -v debootstrap >/dev/null || missing+=("debootstrap (apt-get install debootstrap)")
    [[ -f $keyring ]] || missing+=("Debian's archive keys (apt-get install debian-archive-keyring)")
  fi
  if $want_node; then command -v npm >/dev/null || missing+=("npm (apt-get install npm)"); fi
  if ((${#missing[@]})); then
    fail "$(printf 'this needs, and the machine lacks:\n'; printf '  %s\n' "${missing[@]}")"
  fi
  [[ $(id -u) == 0 ]] || fail "run as root (sudo bash deploy/offline-images.sh): the images are made with debootstrap and docker"
  docker version --format '{{.Server.Version}}' >/dev/null 2>&1 ||
    fail "no Docker daemon answers (systemctl start docker)"
fi

work=$(mktemp -d "${TMPDIR:-/var/tmp}/offline-images.XXXXXX")
cleanup() {
  # debootstrap mounts /proc and /sys in the new system while it runs: never remove through them.
  local mount
  while read -r mount; do umount -l "$mount" 2>/dev/null || true; done < <(
    awk -v work="$work/" 'index($2, work) == 1 { print $2 }' /proc/mounts | sort -r
  )
  rm -rf --one-file-system "$work"
}
trap cleanup EXIT

# debian:bookworm-slim as Debian makes it (debuerreotype): the minimal system, its package lists,
# caches, manuals and translations left out, and dpkg and apt told to leave them out of what is
# installed later; no service started by a package's installation.
make_debian() {
  local started=$SECONDS root=$work/rootfs
  progress "making $debian_image: debootstrap --variant=minbase bookworm from $mirror (a few minutes)"
  debootstrap --variant=minbase --keyring="$keyring" bookworm "$root" "$mirror"

  rm -f "$root/etc/apt/sources.list"
  cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $mirror
Suites: bookworm bookworm-updates
Components: main
Signed-By: $keyring

Types: deb
URIs: $security_mirror
Suites: bookworm-security
Components: main
Signed-By: $keyring
EOF
  printf '#!/bin/sh\n# No service starts while an image is built.\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
  chmod 0755 "$root/usr/sbin/policy-rc.d"
  printf 'force-unsafe-io\n' >"$root/etc/dpkg/dpkg.cfg.d/docker-apt-speedup"
  cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
# A slim image: no manuals, documentation or translations (each package's copyright is kept).
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
EOF
  cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'EOF'
# Each install is a layer of an image: the downloaded packages are not kept in it.
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
  printf 'Acquire::GzipIndexes "true";\n' >"$root/etc/apt/apt.conf.d/docker-gzip-indexes"
  printf 'Acquire::Languages "none";\n' >"$root/etc/apt/apt.conf.d/docker-no-languages"
  printf 'Apt::AutoRemove::SuggestsImportant "false";\n' >"$root/etc/apt/apt.conf.d/docker-autoremove-suggests"

  # debootstrap installs the release as it was made: the updates since, security's first.
  progress "updating it from bookworm-updates and bookworm-security"
  local apt_env=(env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive)
  if [[ -n ${http_proxy:-} ]]; then apt_env+=("http_proxy=$http_proxy"); fi
  mount -t proc proc "$root/proc"
  chroot "$root" "${apt_env[@]}" apt-get update -qq
  chroot "$root" "${apt_env[@]}" apt-get upgrade -y -qq -o Dpkg::Use-Pty=0
  umount "$root/proc"

  local folder
  for folder in var/lib/apt/lists var/cache/apt usr/share/doc usr/share/man usr/share/info usr/share/locale; do
    rm -rf --one-file-system "${root:?}/$folder"
    mkdir -p "$root/$folder"
  done
  # Docker gives each container its own; this machine's stay out of the image.
  : >"$root/etc/resolv.conf"
  : >"$root/etc/hostname"

  tar -C "$root" -c . | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "LABEL $stand_in_label=\"debootstrap --variant=minbase bookworm from $mirror (deploy/offline-images.sh)\"" \
    --change 'CMD ["bash"]' \
    - "$debian_image" >/dev/null
  rm -rf --one-file-system "$root"
  say "made $debian_image in $((SECONDS - started)) s"
}

# `npm pack`s a package of the npm registry into folder $2 (its contents, without package/).
unpack_from_registry() {
  local spec=$1 folder=$2 tarball
  tarball=$(npm pack "$spec" --silent --pack-destination "$work" | tail -n 1)
  mkdir -p "$folder"
  tar -xzf "$work/$tarball" -C "$folder" --strip-components=1
}

# node:24-bookworm-slim as the official image lays it out: node in /usr/local/bin, npm beside it,
# the user node (uid and gid 1000), the entrypoint that hands a first argument that is not a
# command to node. Its npm trusts the certificates this machine's npm trusts (its cafile: a
# machine whose traffic to the registry passes a proxy of its own signs with that proxy's
# certificate), for npm alone: the server's own connections are left as the official image's.
make_node() {
  local started=$SECONDS context=$work/node npm_version arch cafile
  npm_version=${NPM_VERSION:-$(npm --version)}
  case $(uname -m) in
    x86_64) arch=x64 ;;
    aarch64) arch=arm64 ;;
    *) arch=$(uname -m) ;;
  esac
  progress "making $node_image: Node $node_version (node-linux-$arch) and npm $npm_version from the npm registry"
  mkdir -p "$context/etc"
  unpack_from_registry "node-linux-$arch@$node_version" "$context/node-package"
  unpack_from_registry "npm@$npm_version" "$context/npm"
  mv "$context/node-package/bin/node" "$context/node"
  chmod 0755 "$context/node"
  rm -rf "$context/node-package"
  cafile=$(npm config get cafile)
  if [[ -n $cafile && $cafile != null && $cafile != undefined && -f $cafile ]]; then
    cp "$cafile" "$context/etc/npm-ca-certificates.crt"
    printf 'cafile=/usr/local/etc/npm-ca-certificates.crt\n' >"$context/etc/npmrc"
  fi
  cat >"$context/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e

if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi

exec "$@"
EOF
  chmod 0755 "$context/docker-entrypoint.sh"
  cat >"$context/Dockerfile" <<EOF
FROM $debian_image
RUN groupadd --gid 1000 node \\
    && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
COPY node docker-entrypoint.sh /usr/local/bin/
COPY npm /usr/local/lib/node_modules/npm
COPY etc /usr/local/etc
RUN ln -s node /usr/local/bin/nodejs \\
    && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
    && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
    && node --version && npm --version
ENV NODE_VERSION=$node_version
LABEL $stand_in_label="Node $node_version and npm $npm_version of the npm registry on $debian_image (deploy/offline-images.sh)" \\
      $node_label=$node_version
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["node"]
EOF
  docker build "${build_args[@]}" --tag "$node_image" "$context"
  docker run --rm --user node "$node_image" node -e 'process.exit(0)'
  rm -rf "$context"
  say "made $node_image (Node $node_version) in $((SECONDS - started)) s"
}

make_from_dockerfile() {
  local image=$1 folder=$2 started=$SECONDS
  progress "making $image from Debian's packages ($folder/Dockerfile)"
  docker build "${build_args[@]}" --tag "$image" "$folder"
  say "made $image in $((SECONDS - started)) s"
}

if $want_debian; then make_debian; else say "$debian_image is there"; fi
if $want_node; then
  make_node
else
  say "$node_image is there ($([[ $present_node == official ]] && echo "the official image" || echo "a stand-in of Node $present_node"))"
fi
if $want_postgres; then make_from_dockerfile "$postgres_image" deploy/images/postgres; else say "$postgres_image is there"; fi
if $want_caddy; then make_from_dockerfile "$caddy_image" deploy/images/caddy; else say "$caddy_image is there"; fi

cat <<EOF

To run deploy/compose.yaml on these images, add these two lines to deploy/.env:
POSTGRES_IMAGE=$postgres_image
CADDY_IMAGE=$caddy_image
EOF
