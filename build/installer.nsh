; FaxDesk installer additions (included by electron-builder's NSIS script via
; nsis.include in electron-builder.yml).
;
; - A "FaxDesk" entry in Explorer's Send To menu: selected files go to FaxDesk
;   as command-line arguments; a running FaxDesk receives them through the
;   single-instance handoff (second-instance).
; - The hot folder %USERPROFILE%\FaxDesk\Outbox, so it can be chosen as the
;   save location of "Microsoft Print to PDF" (see docs/print-to-fax.md).
;   It is never removed on uninstall: it may hold documents.

!macro customInstall
  ; Send To lives in the user's profile; the installer is per-user (perMachine: false)
  CreateShortCut "$SENDTO\FaxDesk.lnk" "$INSTDIR\${APP_EXECUTABLE_FILENAME}" "" "$INSTDIR\${APP_EXECUTABLE_FILENAME}" 0 SW_SHOWNORMAL "" "Send as a fax with FaxDesk"
  CreateDirectory "$PROFILE\FaxDesk\Outbox"
!macroend

!macro customUnInstall
  Delete "$SENDTO\FaxDesk.lnk"
!macroend
