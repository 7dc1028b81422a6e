#!/bin/bash

# Delete the link to the binary
# update-alternatives --remove <name> <path>: 'path' must be the registered alternative binary,
# not the generic symlink — see https://man7.org/linux/man-pages/man1/update-alternatives.1.html
if type update-alternatives >/dev/null 2>&1; then
    update-alternatives --remove '${executable}' '/opt/${sanitizedProductName}/${executable}'
else
    rm -f '/usr/bin/${executable}'
fi

APPARMOR_PROFILE_DEST='/etc/apparmor.d/${executable}'

# Remove and unload apparmor profile.
if [ -f "$APPARMOR_PROFILE_DEST" ]; then
  # Unload the profile from the running kernel before deleting the file so the
  # policy is not left enforced until the next reboot.  Mirror the chroot guard
  # used in the after-install script — live AppArmor operations are not
  # meaningful inside a chroot.
  # https://wiki.debian.org/AppArmor/HowToUse
  if apparmor_status --enabled > /dev/null 2>&1; then
    if ! { [ -x '/usr/bin/ischroot' ] && /usr/bin/ischroot; } && hash apparmor_parser 2>/dev/null; then
      apparmor_parser --remove "$APPARMOR_PROFILE_DEST" || true
    fi
  fi
  rm -f "$APPARMOR_PROFILE_DEST"
fi

# --- FaxDesk: after the files are gone (the printer was removed before, by before-remove.sh) ---
# remove keeps the administrator's policy (a reinstall finds it); purge removes
# it with its folder, as dpkg --purge removes a package's configuration. Files
# IT added beside it (e.g. a CA certificate) are kept, and said.
FAXDESK_POLICY_DIR="${FAXDESK_ROOT:-}/etc/faxdesk"
if [ "${1:-}" = purge ] && [ -d "$FAXDESK_POLICY_DIR" ]; then
  rm -f "$FAXDESK_POLICY_DIR/policy.json" "$FAXDESK_POLICY_DIR/policy.schema.json"
  rmdir "$FAXDESK_POLICY_DIR" 2>/dev/null ||
    echo "FaxDesk: kept $FAXDESK_POLICY_DIR: it holds files FaxDesk did not put there" >&2
fi
exit 0
