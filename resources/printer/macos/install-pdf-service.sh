#!/bin/sh
# Adds "Send with FaxDesk" to the PDF menu of every print dialog. Run from the installed app:
#   ".../FaxDesk.app/Contents/Resources/printer/macos/install-pdf-service.sh"               this user (no admin rights)
#   sudo ".../FaxDesk.app/Contents/Resources/printer/macos/install-pdf-service.sh" --all-users   every user of this Mac
# --all-users writes /Library/PDF Services (owned by root, not writable by users), which
# macOS reads for every account; FAXDESK_ROOT puts that under another root (tests).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ "${1:-}" = --all-users ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "install-pdf-service.sh: --all-users needs administrator rights: sudo $0 --all-users" >&2
    exit 1
  fi
  services="${FAXDESK_ROOT:-}/Library/PDF Services"
  mkdir -p "$services"
  # root-owned and not writable by users: a user must not swap the script every user's print dialog runs
  install -o root -m 0755 "$here/Send with FaxDesk" "$services/Send with FaxDesk"
elif [ -n "${1:-}" ]; then
  echo "install-pdf-service.sh: unknown option $1 (use --all-users, or nothing for this user only)" >&2
  exit 2
else
  services="$HOME/Library/PDF Services"
  mkdir -p "$services"
  cp "$here/Send with FaxDesk" "$services/Send with FaxDesk"
  chmod 755 "$services/Send with FaxDesk"
fi
echo "Installed: $services/Send with FaxDesk"
