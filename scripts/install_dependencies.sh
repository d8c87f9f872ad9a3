#!/usr/bin/env bash
# Installs the Debian 12 packages AABB Sandbox needs, only those that are missing.
# Usage: scripts/install_dependencies.sh [extra-package ...]
# A quick no-op when everything is present. Uses sudo when not run as root.
set -euo pipefail

packages=(
    g++ cmake make pkg-config
    libglm-dev doctest-dev nlohmann-json3-dev libstb-dev
    libsdl2-dev libimgui-dev libgl-dev libegl-dev libgl1-mesa-dri libegl1
    fonts-dejavu-core fonts-droid-fallback
    xvfb xauth xdotool libglx-mesa0 time universal-ctags
    "$@"
)

missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$package")
done

if [[ ${#missing[@]} -eq 0 ]]; then
    exit 0
fi

echo "Installing missing Debian packages: ${missing[*]}" >&2
as_root=()
if [[ $(id -u) -ne 0 ]]; then
    as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
