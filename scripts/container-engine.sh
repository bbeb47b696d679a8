#!/usr/bin/env bash
# Sets up a container engine for the container sandbox's tests and benchmark, on Debian, as root:
# installs docker.io when no dockerd is present, starts the daemon when none answers (no bridge,
# no iptables changes: containers run with --network none), and builds the test image from this
# machine's own binaries, tagged by a digest of what went in, so a rerun with nothing changed
# builds nothing. Never pulls from a registry.
#
#   scripts/container-engine.sh          prints the image name (toolgate-sandbox-test:<digest>)
#
# Without root, or where the daemon cannot start, it says why on stderr and exits 0: the container
# tests then skip with one line, and everything else still runs.
set -euo pipefail

IMAGE_REPO=toolgate-sandbox-test
SOCKET=${DOCKER_HOST:-unix:///var/run/docker.sock}
SOCKET=${SOCKET#unix://}
LOG=${TOOLGATE_DOCKERD_LOG:-/var/log/toolgate-dockerd.log}

say() { echo "container-engine: $*" >&2; }

engine_answers() {
  curl -fsS --max-time 5 --unix-socket "$SOCKET" http://engine/_ping >/dev/null 2>&1
}

if ! engine_answers; then
  if [ "$(id -u)" != 0 ]; then
    say "no engine answers on $SOCKET and this is not root; container tests will skip"
    exit 0
  fi
  if ! command -v dockerd >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io >/dev/null
  fi
  # overlay2 where the kernel has it, vfs otherwise (slower, works everywhere).
  driver=vfs
  grep -qw overlay /proc/filesystems && driver=overlay2
  say "starting dockerd (storage $driver, no bridge, no iptables); log in $LOG"
  setsid dockerd --bridge=none --iptables=false --ip-masq=false --storage-driver="$driver" \
    --host="unix://$SOCKET" >>"$LOG" 2>&1 </dev/null &
  for _ in $(seq 1 60); do
    engine_answers && break
    sleep 0.5
  done
  if ! engine_answers; then
    say "dockerd did not answer on $SOCKET within 30 s (see $LOG); container tests will skip"
    exit 0
  fi
fi

# The image: the host's bash, dash and coreutils-style tools with the libraries they load.
tools=(bash sh cat ls mkdir rm touch echo env id sleep head tail tr wc dd setsid kill ps timeout
  chmod stat true false printf grep sed curl readlink)
files=()
for tool in "${tools[@]}"; do
  path=$(type -P "$tool" || true)
  [ -n "$path" ] && [ -x "$path" ] || continue
  files+=("$(readlink -f "$path")")
  # Each library at the path the loader asks for (the interpreter's is fixed in the program).
  while read -r lib; do files+=("$lib"); done < <(
    ldd "$path" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}')
done
mapfile -t files < <(printf '%s\n' "${files[@]}" | sort -u)
# curl resolves names and reads CA certificates through these.
extra=(/etc/ssl/certs/ca-certificates.crt /usr/lib/x86_64-linux-gnu/libnss_files.so.2 /usr/lib/x86_64-linux-gnu/libnss_dns.so.2)
for file in "${extra[@]}"; do [ -e "$file" ] && files+=("$file"); done

digest=$( (cat "$0"; sha256sum "${files[@]}") | sha256sum | cut -c1-16)
image="$IMAGE_REPO:$digest"
if curl -fsS --max-time 10 --unix-socket "$SOCKET" "http://engine/images/$image/json" >/dev/null 2>&1; then
  echo "$image"
  exit 0
fi

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
for file in "${files[@]}"; do
  # Merged /usr: /lib64/x is stored as /usr/lib64/x, reached through the links made below.
  case "$file" in /usr/*) target=$file ;; *) target=/usr$file ;; esac
  mkdir -p "$root$(dirname "$target")"
  cp -L "$file" "$root$target"
done
# The usual merged-/usr links, so /bin/sh and the loader are where programs look for them.
for link in bin sbin lib lib64; do
  [ -d "$root/usr/$link" ] || mkdir -p "$root/usr/$link"
  ln -s "usr/$link" "$root/$link"
done
for tool in "${tools[@]}"; do
  path=$(type -P "$tool" || true)
  [ -n "$path" ] || continue
  real=$(readlink -f "$path")
  [ -e "$root/usr/bin/$tool" ] || ln -s "$real" "$root/usr/bin/$tool"
done
[ -e "$root/usr/bin/sh" ] || ln -s /usr/bin/dash "$root/usr/bin/sh"
mkdir -p "$root/etc" "$root/tmp" "$root/proc" "$root/sys" "$root/dev" "$root/root"
chmod 1777 "$root/tmp"
printf 'root:x:0:0:root:/root:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/bin/sh\n' >"$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"
printf 'hosts: files dns\n' >"$root/etc/nsswitch.conf"

# Import through the engine's API (what `docker import` does), so no client version matters.
tar -C "$root" -c . | curl -fsS --max-time 120 --unix-socket "$SOCKET" -X POST \
  -H 'Content-Type: application/x-tar' --data-binary @- \
  "http://engine/images/create?fromSrc=-&repo=$IMAGE_REPO&tag=$digest" >/dev/null
say "built $image from ${#files[@]} host files"
echo "$image"
