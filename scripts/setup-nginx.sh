#!/usr/bin/env bash
# Installs what rigc's remote-cache tests run against: Debian's `nginx` (with its
# WebDAV module, which serves PUT), when no nginx is installed. The tests start
# their own servers from a config in a temp dir (tests/nginx.rs); nothing here
# configures or starts the system's nginx. Needs nginx >= 1.19.5 (its -e flag).
set -euo pipefail
find_nginx() {
  command -v nginx 2>/dev/null && return 0
  for d in /usr/sbin /usr/local/sbin /usr/local/nginx/sbin; do
    if [ -x "$d/nginx" ]; then echo "$d/nginx"; return 0; fi
  done
  return 1
}
if ! nginx="$(find_nginx)"; then
  sudo=""
  if [ "$(id -u)" != "0" ]; then sudo="sudo"; fi
  $sudo apt-get update
  # The package may start the system's own nginx on port 80; the tests do not
  # use it (each picks a free port of its own).
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y nginx
  nginx="$(find_nginx)"
fi
if ! "$nginx" -V 2>&1 | grep -q -- --with-http_dav_module; then
  echo "setup-nginx: $nginx has no WebDAV module (http_dav_module); install Debian's nginx" >&2
  exit 1
fi
echo "setup-nginx: $("$nginx" -v 2>&1) at $nginx"
