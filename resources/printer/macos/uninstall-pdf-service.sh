#!/bin/sh
# Removes "Send with FaxDesk" from the print dialogs (--all-users: the copy every user gets, with sudo);
# printed documents in ~/FaxDesk/Printed stay.
set -eu
if [ "${1:-}" = --all-users ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "uninstall-pdf-service.sh: --all-users needs administrator rights: sudo $0 --all-users" >&2
    exit 1
  fi
  rm -f "${FAXDESK_ROOT:-}/Library/PDF Services/Send with FaxDesk"
else
  rm -f "$HOME/Library/PDF Services/Send with FaxDesk"
fi
echo "Removed Send with FaxDesk"
