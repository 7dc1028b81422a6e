#!/bin/sh
# Removes the FaxDesk virtual printer. Documents already in hot folders are left alone.
set -eu
name=${FAXDESK_PRINTER_NAME:-FaxDesk}
if [ "$(id -u)" != 0 ]; then
  echo "uninstall-printer.sh: run as root, e.g. sudo $0" >&2
  exit 1
fi
if lpstat -p "$name" >/dev/null 2>&1; then lpadmin -x "$name"; fi
# the backend is shared by all FaxDesk queues: remove it only when none is left
if ! lpstat -v 2>/dev/null | grep -q ' faxdesk:'; then
  rm -f /usr/lib/cups/backend/faxdesk /usr/libexec/cups/backend/faxdesk
fi
echo "Removed printer $name"
