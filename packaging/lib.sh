# Sourced by the packaging scripts: what they share.

# install_missing WHO PACKAGE…: installs with apt-get (as root, or through sudo) those of
# the Debian packages that are not installed, saying so as WHO.
install_missing() {
  local who="$1" pkg
  shift
  local missing=()
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [ "${#missing[@]}" -gt 0 ] || return 0
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "$who: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}
