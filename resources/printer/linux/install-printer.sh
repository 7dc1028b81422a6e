#!/bin/sh
# Installs the FaxDesk virtual printer into CUPS (run as root: sudo ./install-printer.sh).
# Printing to it puts a PDF into the printing user's ~/FaxDesk/Outbox, which
# FaxDesk watches (Settings -> Hot folder, on by default).
#
# The queue gets the operation policy "faxdesk" (added to cupsd.conf once):
# a job is accepted only from a user CUPS has authenticated — local users by
# the credentials of their connection (PeerCred on the CUPS socket), so
# `lp -U someone-else` cannot put a document into another user's outbox.
#
# Environment (for administrators and the test suite):
#   FAXDESK_PRINTER_NAME  queue name, default FaxDesk
#   FAXDESK_DEVICE_URI    default faxdesk:/ (each user's Outbox); faxdesk:/srv/fax/{user} for
#                         a fixed folder per user ({user} = user name, {home} = home folder)
set -eu

script=install-printer.sh
here=$(cd "$(dirname "$0")" && pwd)
name=${FAXDESK_PRINTER_NAME:-FaxDesk}
uri=${FAXDESK_DEVICE_URI:-faxdesk:/}

if [ "$(id -u)" != 0 ]; then
  echo "$script: run as root, e.g. sudo $0" >&2
  exit 1
fi
if ! command -v lpadmin >/dev/null 2>&1; then
  echo "$script: CUPS is not installed (lpadmin not found); e.g. sudo apt-get install cups cups-filters" >&2
  exit 1
fi
. "$here/cups-common.sh"
require_scheduler

backend_dir=
for d in /usr/lib/cups/backend /usr/libexec/cups/backend; do
  if [ -d "$d" ]; then backend_dir=$d; break; fi
done
[ -n "$backend_dir" ] || die "no CUPS backend folder found"

# Mode 0700 and owned by root: CUPS then runs the backend as root, which it
# needs to write into each printing user's home (it drops to that user first).
install -o root -g root -m 0700 "$here/faxdesk" "$backend_dir/faxdesk"

if ! has_policy; then
  [ -w "$cupsd_conf" ] || die "cannot write $cupsd_conf"
  { cat "$cupsd_conf"; [ -z "$(tail -c 1 "$cupsd_conf")" ] || echo; cat "$here/faxdesk-policy.conf"; } | write_cupsd_conf
  reload_cupsd
  echo "Added the operation policy \"$policy_name\" to $cupsd_conf (jobs only from authenticated users)"
fi

# -P with a PPD file is deprecated in CUPS 2.x but still the only way to
# declare a PDF-producing queue without an IPP Everywhere device behind it.
# cupsd may still be re-reading its configuration: retry while the new policy is unknown.
i=0
until out=$(lpadmin -p "$name" -E -v "$uri" -P "$here/faxdesk.ppd" \
  -D "FaxDesk (send as fax)" -L "FaxDesk" -o printer-is-shared=false \
  -o printer-op-policy="$policy_name" 2>&1); do
  i=$((i + 1))
  if [ $i -gt 20 ]; then
    printf '%s\n' "$out" | grep -v -i 'deprecated' >&2
    die "CUPS did not create the printer $name"
  fi
  sleep 0.5
done
printf '%s\n' "$out" | grep -v -i 'deprecated' | grep . >&2 || true
lpstat -p "$name" >/dev/null 2>&1 || die "CUPS did not create the printer $name"
cupsenable "$name" 2>/dev/null || true
cupsaccept "$name" 2>/dev/null || true
echo "Installed printer $name -> $uri"
echo "Only authenticated local users can print to it (policy $policy_name); jobs from other hosts are refused."
echo "Job files stay in CUPS's spool according to PreserveJobFiles in $cupsd_conf (see docs/print-to-fax.md)."
