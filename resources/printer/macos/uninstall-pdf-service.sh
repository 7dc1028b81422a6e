#!/bin/sh
# Removes "Send with FaxDesk" from the print dialogs; printed documents in ~/FaxDesk/Printed stay.
set -eu
rm -f "$HOME/Library/PDF Services/Send with FaxDesk"
echo "Removed Send with FaxDesk"
