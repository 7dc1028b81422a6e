#!/bin/sh
# Installs the FaxDesk virtual printer into CUPS (run as root: sudo ./install-printer.sh).
# Printing to it puts a PDF into the printing user's ~/FaxDesk/Outbox, which
# FaxDesk watches (Settings -> Hot folder).
#
# Environment (for administrators and the test suite):
#   FAXDESK_PRINTER_NAME  queue name, default FaxDesk
#   FAXDESK_DEVICE_URI    default faxdesk:/ (per-user outbox); faxdesk:/dir for a fixed folder (%u user, %h home)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
name=${FAXDESK_PRINTER_NAME:-FaxDesk}
uri=${FAXDESK_DEVICE_URI:-faxdesk:/}

if [ "$(id -u)" != 0 ]; then
  echo "install-printer.sh: run as root, e.g. sudo $0" >&2
  exit 1
fi
if ! command -v lpadmin >/dev/null 2>&1; then
  echo "install-printer.sh: CUPS is not installed (lpadmin not found); e.g. sudo apt-get install cups" >&2
  exit 1
fi

backend_dir=
for d in /usr/lib/cups/backend /usr/libexec/cups/backend; do
  if [ -d "$d" ]; then backend_dir=$d; break; fi
done
if [ -z "$backend_dir" ]; then
  echo "install-printer.sh: no CUPS backend folder found" >&2
  exit 1
fi

# Mode 0700 and owned by root: CUPS then runs the backend as root, which it
# needs to write into each printing user's home (it drops to that user first).
install -o root -g root -m 0700 "$here/faxdesk" "$backend_dir/faxdesk"

# -P with a PPD file is deprecated in CUPS 2.x but still the only way to
# declare a PDF-producing queue without an IPP Everywhere device behind it.
lpadmin -p "$name" -E -v "$uri" -P "$here/faxdesk.ppd" \
  -D "FaxDesk (send as fax)" -L "FaxDesk" -o printer-is-shared=false 2>&1 |
  grep -v -i 'deprecated' >&2 || true
# lpadmin's exit status is lost in the pipe above: check the result instead
if ! lpstat -p "$name" >/dev/null 2>&1; then
  echo "install-printer.sh: CUPS did not create the printer $name (is cupsd running?)" >&2
  exit 1
fi
cupsenable "$name" 2>/dev/null || true
cupsaccept "$name" 2>/dev/null || true
echo "Installed printer $name -> $uri"
