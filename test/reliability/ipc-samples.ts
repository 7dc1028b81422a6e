/**
 * A valid payload for each channel of the IPC contract: the fuzzers mutate
 * these (or put hostile strings in every field) so they reach past the first
 * check. A channel added to the contract needs a sample here, or the fuzz
 * figures say which one is missing.
 */
/** A directory on a closed loopback port: a fuzzed search or test fails fast, never reaching a real host. */
const directorySample = {
  name: 'Office',
  url: 'ldap://127.0.0.1:1',
  startTls: false,
  allowPlain: false,
  bindDn: 'cn=reader,dc=example,dc=com',
  baseDn: 'dc=example,dc=com',
  filter: '(facsimileTelephoneNumber=*)',
  attributes: { name: ['displayName'], company: ['o'], fax: ['facsimileTelephoneNumber'], extraFax: [] },
};

/** An office database on a closed loopback port: a fuzzed test or save fails fast, never reaching a real host. */
const officeSample = {
  fields: { host: '127.0.0.1', port: 1, database: 'office', user: 'faxdesk', tls: false, allowPlain: false, displayName: 'Fuzz' },
  password: 'fuzz-office-pw',
  caFile: 'keep',
};

export function validSamples(o: { demoUrl: string; pdfHandle: string; csvHandle: string }): Record<string, unknown> {
  const doc = { handle: o.pdfHandle, url: null, name: 'sample.pdf', pages: 1, fileRef: null };
  return {
    appInfo: undefined,
    getUiPrefs: undefined,
    startupNotices: undefined,
    getPolicy: undefined,
    setLanguage: { language: 'en' },
    getConnection: undefined,
    getSettings: undefined,
    updateSettings: { lowBalanceThreshold: 15, notifyOnDone: false, hotFolder: { enabled: true } },
    clearSecret: undefined,
    testConnection: { baseUrl: o.demoUrl, apiKey: 'wrong-key', secret: 'wrong' },
    connectAccount: { baseUrl: o.demoUrl, apiKey: 'wrong-key', secret: 'wrong' },
    useDemo: undefined,
    getAccount: undefined,
    takePendingDocuments: undefined,
    claimDocuments: { handles: [o.pdfHandle] },
    hotFolderStatus: undefined,
    inspectDocuments: { handles: [o.pdfHandle, o.csvHandle] },
    uploadDocument: { uploadId: 'up_1', handle: o.pdfHandle },
    cancelUpload: { uploadId: 'up_1' },
    addFromUrl: { url: 'http://127.0.0.1:1/doc.pdf', fileName: 'doc.pdf' },
    sendFax: { name: 'Fuzz', documents: [doc], numbers: ['861088880001'], scheduledAt: null },
    saveDraft: { documents: [doc], recipientsText: '861088880001', name: 'd', scheduleLocal: '', cover: null },
    loadDraft: undefined,
    clearDraft: undefined,
    estimateCost: { pages: 2, recipients: 3 },
    makeCoverPage: { from: 'A', to: 'B', subject: 'S', message: 'M', documentPages: 1 },
    listContacts: { search: 'a', limit: 10 },
    saveContact: { name: 'Carol', fax: '+86 10 8888 0003' },
    deleteContact: { id: 'c_1' },
    listGroups: undefined,
    saveGroup: { name: 'G', members: [] },
    deleteGroup: { id: 'g_1' },
    previewCsvImport: { handle: o.csvHandle },
    importCsv: { handle: o.csvHandle, hasHeader: true, numberColumn: 1, nameColumn: 0 },
    exportCsv: undefined,
    recentNumbers: { limit: 5 },
    // A CSV read as vCard is a file with no cards: still the whole path through the handler.
    previewVcardImport: { handle: o.csvHandle },
    importVcard: { handle: o.csvHandle, defaultCountry: 'CN' },
    exportVcard: undefined,
    listDirectories: undefined,
    saveDirectory: directorySample,
    deleteDirectory: { id: 'd_1' },
    testDirectory: { ...directorySample, password: 'fuzz-bind-pw' },
    searchDirectory: { directoryId: 'd_1', query: 'Li', requestId: 'r1' },
    cancelDirectorySearch: { requestId: 'r1' },
    getOffice: undefined,
    testOffice: officeSample,
    saveOffice: officeSample,
    removeOffice: undefined,
    listOfficeTasks: { offset: 0, limit: 50 },
    officeSpending: undefined,
    listOfficeFailures: { days: 7 },
    listOfficeResends: { taskRef: 'T1' },
    recipientNames: { numbers: ['861088880001'] },
    listTasks: { filters: { text: 'x' }, sort: { by: 'created', dir: 'desc' }, limit: 10, offset: 0 },
    getTaskDetail: { id: 'local:1' },
    refreshTask: { taskRef: 'task_unknown' },
    failuresSince: { days: 7 },
    taskCounts: undefined,
    spending: undefined,
    monthCharges: { limit: 10 },
    trackerHealth: undefined,
    resendFailed: { taskRef: 'task_unknown', only: 'retryable' },
    trackTaskRef: { taskRef: 'task_unknown' },
    getRecipient: { rcptRef: 'rcpt_unknown' },
    exportTaskCsv: { taskRef: 'task_unknown' },
    transmissionReport: { taskRef: 'task_unknown' },
    chooseFiles: { purpose: 'documents' },
    showSavedFile: { handle: o.pdfHandle },
    openSavedFile: { handle: o.pdfHandle },
    chooseHotFolder: undefined,
    readDocumentPreview: { handle: o.pdfHandle },
    previewCoverPage: { from: 'A', to: 'B', subject: 'S', message: 'M', documentPages: 1 },
  };
}
