#!/usr/bin/env bash
# System packages the project needs on Debian/Ubuntu (run as root, or with sudo available):
#   pango                 - WeasyPrint, used only by benchmarks/ for the side-by-side timing
#                           (the PDFs are compiled by Typst, from the pip package, with the fonts
#                           shipped in lib/viabilidade/report/fonts; no system font is used)
#   poppler-utils         - pdftotext/pdftoppm, used by the tests to read and look at PDFs
#   chromium              - headless browser used by the tests to load the HTML studies
#   chromium-driver       - lets the browser test drive chromium (selenium) through the explorer
# Installs only what is missing, so a second run costs nothing.
set -euo pipefail
need=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for p in libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core poppler-utils chromium chromium-driver; do
  have_pkg "$p" || need+=("$p")
done
[ ${#need[@]} -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "instalando pacotes do sistema: ${need[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
