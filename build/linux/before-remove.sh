#!/bin/sh
# FaxDesk .deb, before its files are removed (not on upgrade): remove the
# FaxDesk printer while its uninstall script still exists. Never blocks the
# removal; says what to do when CUPS cannot be reached.
case "${1:-remove}" in
  remove|purge) ;;
  *) exit 0 ;;
esac
dir=/opt/FaxDesk/resources/printer/linux
if [ -x "$dir/uninstall-printer.sh" ] && command -v lpstat >/dev/null 2>&1 && lpstat -v 2>/dev/null | grep -q ' faxdesk:'; then
  sh "$dir/uninstall-printer.sh" ||
    echo "FaxDesk: the FaxDesk printer could not be removed (is CUPS running?); remove it with: sudo lpadmin -x FaxDesk" >&2
fi
exit 0
