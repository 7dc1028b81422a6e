#!/bin/sh
# Adds "Send with FaxDesk" to the PDF menu of every print dialog for the
# current user (no administrator rights needed). Run from the installed app:
#   "/Applications/FaxDesk.app/Contents/Resources/printer/macos/install-pdf-service.sh"
set -eu
here=$(cd "$(dirname "$0")" && pwd)
services="$HOME/Library/PDF Services"
mkdir -p "$services"
cp "$here/Send with FaxDesk" "$services/Send with FaxDesk"
chmod 755 "$services/Send with FaxDesk"
echo "Installed: $services/Send with FaxDesk"
