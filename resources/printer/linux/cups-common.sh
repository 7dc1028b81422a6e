# Shared by install-printer.sh and uninstall-printer.sh (sourced, not run).

conf_dir=${CUPS_SERVERROOT:-/etc/cups}
cupsd_conf=$conf_dir/cupsd.conf
policy_name=faxdesk

die() {
  echo "$script: $1" >&2
  exit 1
}

scheduler_running() {
  lpstat -r 2>/dev/null | grep -q 'scheduler is running'
}

require_scheduler() {
  scheduler_running ||
    die "the CUPS scheduler is not running or not reachable (lpstat -r); start it (e.g. sudo systemctl start cups) and run $script again"
}

has_policy() {
  grep -q "^<Policy $policy_name>" "$cupsd_conf" 2>/dev/null
}

# cupsd reads cupsd.conf only when it starts or gets SIGHUP. cupsctl would
# also reload it, but rewrites the whole file without its comments.
reload_cupsd() {
  if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet cups.service 2>/dev/null; then
    systemctl restart cups.service || die "could not restart cups.service"
  else
    pid=
    for f in /run/cups/cupsd.pid /var/run/cups/cupsd.pid; do
      [ -r "$f" ] && pid=$(cat "$f") && break
    done
    [ -n "$pid" ] || pid=$(pidof cupsd 2>/dev/null | cut -d' ' -f1)
    [ -n "$pid" ] && kill -HUP "$pid" 2>/dev/null || die "cannot find cupsd to reload $cupsd_conf; restart CUPS by hand"
  fi
  i=0
  until scheduler_running; do
    i=$((i + 1))
    [ $i -le 60 ] || die "CUPS did not come back within 15 s after reloading $cupsd_conf"
    sleep 0.25
  done
}

# Rewrites cupsd.conf through a temp file with the same owner and mode, so a
# crash never leaves CUPS with half a configuration.
write_cupsd_conf() {
  tmp="$cupsd_conf.faxdesk-tmp"
  cat > "$tmp" || die "cannot write $tmp"
  chown --reference="$cupsd_conf" "$tmp" 2>/dev/null || true
  chmod --reference="$cupsd_conf" "$tmp" 2>/dev/null || chmod 0640 "$tmp"
  mv "$tmp" "$cupsd_conf" || die "cannot replace $cupsd_conf"
}
