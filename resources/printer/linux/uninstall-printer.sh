#!/bin/sh
# Removes the FaxDesk virtual printer. Documents already in hot folders are left alone.
# Fails, and changes nothing, when the CUPS scheduler cannot be reached: removing
# the backend while the queue survives would leave an orphaned printer.
set -eu
script=uninstall-printer.sh
here=$(cd "$(dirname "$0")" && pwd)
name=${FAXDESK_PRINTER_NAME:-FaxDesk}
if [ "$(id -u)" != 0 ]; then
  echo "$script: run as root, e.g. sudo $0" >&2
  exit 1
fi
command -v lpadmin >/dev/null 2>&1 || { echo "$script: CUPS is not installed; nothing to remove"; exit 0; }
. "$here/cups-common.sh"
require_scheduler

if lpstat -p "$name" >/dev/null 2>&1; then
  lpadmin -x "$name" || die "CUPS refused to remove the printer $name"
  lpstat -p "$name" >/dev/null 2>&1 && die "the printer $name is still there after lpadmin -x"
fi
# the backend and the policy are shared by all FaxDesk queues: remove them only when none is left
if ! lpstat -v 2>/dev/null | grep -q ' faxdesk:'; then
  rm -f /usr/lib/cups/backend/faxdesk /usr/libexec/cups/backend/faxdesk
  if has_policy; then
    sed -e "/^# BEGIN FaxDesk policy/,/^# END FaxDesk policy/d" -e "/^<Policy $policy_name>/,/^<\/Policy>/d" "$cupsd_conf" | write_cupsd_conf
    reload_cupsd
  fi
fi
echo "Removed printer $name"
