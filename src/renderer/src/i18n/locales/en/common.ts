export const common = {
  appName: 'FaxDesk',
  nav: {
    label: 'Main',
    send: 'Send',
    tasks: 'Tasks',
    failures: 'Failures',
    account: 'Account',
    settings: 'Settings',
  },
  loading: 'Loading…',
  retry: 'Try again',
  close: 'Close',
  cancel: 'Cancel',
  save: 'Save',
  language: {
    label: 'Language',
    system: 'Follow system',
    en: 'English',
    zhCN: '简体中文',
  },
  errors: {
    bridgeMissing: 'FaxDesk could not reach its main process. Restart the app.',
    generic: 'Something went wrong: {{message}}',
  },
  files: {
    savedIn: 'Saved as “{{name}}” in {{folder}}.',
    open: 'Open',
    showInFolder: 'Show in folder',
  },
  startup: {
    label: 'Notices from start-up',
    dismiss: 'Dismiss',
    what: {
      history: 'task history',
      phonebook: 'phonebook',
      settings: 'settings',
      demo: 'demo service data',
    },
    damaged: 'FaxDesk could not read its {{what}} and started a new one. The old file was kept, not deleted: {{keptAt}}',
    newer: 'Your {{what}} was saved by a newer version of FaxDesk, so this version left it untouched at {{keptAt}}. Until you update FaxDesk, it keeps a separate {{what}} in {{usingInstead}}.',
    newerNoFallback: 'Your {{what}} was saved by a newer version of FaxDesk, so this version left it untouched at {{keptAt}}. Update FaxDesk; until then, changes are kept only until you quit.',
    unavailable: 'FaxDesk could not open its {{what}} at {{keptAt}} ({{reason}}). Changes are kept only until you quit. Check that the disk is not full and the folder can be written to, then restart FaxDesk.',
  },
  placeholder: {
    title: '{{screen}}',
    body: 'This screen is being built.',
  },
} as const;
