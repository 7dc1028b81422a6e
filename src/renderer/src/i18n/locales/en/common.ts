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
  placeholder: {
    title: '{{screen}}',
    body: 'This screen is being built.',
  },
} as const;
