/**
 * One sentence per error code main can send (src/shared/errors/error-codes.ts), read by describeError
 * (src/renderer/src/lib/describe-error.ts). Keys are the codes with dots as underscores. `inContext`
 * words a code differently where the screen changes what the user should do.
 * test/lint/error-codes.test.ts keeps this list and the codes the same.
 */
export const errors = {
  unknown: 'FaxDesk could not finish this. Try again; if it keeps happening, restart FaxDesk.',
  codes: {
    internal: 'Something went wrong inside FaxDesk. Try again; if it keeps happening, restart the app.',
    ipc_unknown_channel: 'This version of the window asked for something FaxDesk does not offer. Restart FaxDesk.',
    ipc_invalid_input: 'FaxDesk could not read this request. Check the highlighted fields and try again.',
    ipc_untrusted_sender: 'This request did not come from the FaxDesk window and was refused.',

    validation: 'The fax service refused some of the values. Correct the highlighted fields and try again.',
    business_file_ref_invalid: 'The fax service no longer has an uploaded document ({{said}}). Upload the documents again and resend.',
    business_insufficient_balance: 'The balance is too low for this fax ({{said}}). Top up the account in the fax service console, or send to fewer recipients.',
    business_account_unavailable: 'The account cannot send faxes right now ({{said}}). Check its status in the fax service console.',
    business_remote_file_unavailable:
      'The fax service could not download the document from that address ({{said}}). Check the address, and that the document opens from the internet, then add it again.',
    business_rejected: 'The fax service refused the request: {{said}}. Check the request and try again.',
    auth_missing_credentials: 'The API key or secret is missing. Enter both in Settings and test the connection.',
    auth_invalid_credentials:
      "The API key and secret don't match. The secret may have been reset in the management console: copy the current secret from the API settings page and enter it again.",
    auth_no_api_access:
      'The API is not enabled for this account: the plan may not include it, or it has been switched off. Enable it in the management console or ask your provider.',
    auth_malformed_credentials: 'The API key or secret contains characters that cannot be sent. Copy them again from the management console.',
    auth_failed: 'The service refused the credentials. Check the API key and secret in Settings.',
    not_found_task: 'The fax service has no task with this reference. It may have been deleted or belong to another account.',
    not_found_recipient: 'The fax service has no recipient with this reference. It may have been deleted or belong to another account.',
    not_found_endpoint: 'No fax service answered at this address. Check the service address in Settings.',
    server: 'The fax service had a temporary problem. Try again in a few minutes.',
    server_outcome_unknown:
      'The fax service had a problem while creating the task, so the fax may have been created anyway. Check the task list before sending again, so it is not sent twice.',
    rate_limited: 'The fax service is receiving too many requests. Wait a minute and try again.',
    network_unreachable: 'FaxDesk could not connect to the fax service. Check the internet connection and the service address in Settings.',
    network_interrupted: 'The connection to the fax service broke. Check the internet connection and try again.',
    network_outcome_unknown:
      'The connection broke before the fax service answered, so the fax may have been created anyway. Check the task list before sending again, so it is not sent twice.',
    timeout: 'The fax service did not answer in time. Check the connection and try again in a moment.',
    timeout_outcome_unknown:
      'The fax service did not answer in time, so the fax may have been created anyway. Check the task list before sending again, so it is not sent twice.',
    malformed_reply: 'The fax service sent a reply FaxDesk could not read. If this keeps happening, check the service address in Settings or try again later.',
    malformed_reply_outcome_unknown:
      'The fax service sent a reply FaxDesk could not read, so the fax may have been created anyway. Check the task list before sending again, so it is not sent twice.',
    cancelled: 'The request was cancelled.',

    file_unreadable: 'FaxDesk could not read the file. Check that it still exists and is not open in another program.',
    file_too_large: 'The file is larger than the 10 MB the fax service accepts. Split it or reduce its size.',
    file_not_a_file: 'FaxDesk could not read the dropped item. Drop a document file.',
    file_changed: 'This file changed since you added it (it was replaced or moved). Add it again if it is still the document you mean.',
    file_not_granted: 'FaxDesk no longer has access to this file. Add or choose it again.',
    file_write_failed: 'FaxDesk could not save “{{name}}” in {{folder}}. Choose another place.',
    storage_disk_full: 'FaxDesk could not save its data because the disk is full. Free some space and try again.',
    storage_write_failed: 'FaxDesk could not save its data. Check that its folder can be written to, then try again.',

    connection_no_service:
      'No fax service answered at this address. Check the service address (it is on the API settings page of your management console) and the network connection, then try again.',
    connection_too_many_tests: 'Too many connection tests in a short time. Wait a minute and try again.',
    credentials_bad_address: 'Enter a full service address and the API key.',
    credentials_keychain_failed: 'The system keychain did not respond. Unlock it (or sign in again) and try once more.',
    credentials_empty_secret: 'Enter the API secret; it cannot be empty.',
    credentials_secret_required:
      'Type the API secret for this address and API key. A stored secret is used only with the service address and API key it was saved for.',
    settings_locked: 'Your administrator set this for this computer, so it cannot be changed here; nothing was saved. Ask your IT department to change it.',
    settings_invalid: 'Some settings are not valid; nothing was saved. Correct the highlighted fields.',

    history_invalid_ref: 'A task reference has only letters, digits, _ and -, at most 255 characters.',
    history_too_new: 'The task history was written by a newer FaxDesk. Update FaxDesk to open it.',
    intake_settle_failed:
      '“{{name}}” could not be moved into the {{folder}} folder of the hot folder. It stays in {{place}} and will not be offered again; move or delete it there yourself.',

    send_in_progress: 'This fax is already being sent. Wait for its result; nothing more was sent.',
    send_invalid_numbers: 'Some numbers cannot be sent. Correct or remove the highlighted rows.',
    send_schedule_past: 'The scheduled time has passed or is less than a minute away. Pick a later time, or send now.',
    send_schedule_too_far: 'The scheduled time is more than ten years away. Check the date.',
    send_repeat: 'You sent this fax (the same documents to the same numbers) a short while ago. Check the task list before sending it again.',
    send_not_attempted: 'Not sent: an earlier part of this send did not go through.',
    upload_busy: 'This document is already being uploaded.',
    preview_too_large: 'This document is larger than the 10 MB the fax service takes, so it is not shown. Use a smaller file.',
    preview_unreadable: 'FaxDesk could not read this document. Check that it still exists, or remove it and add it again.',
    preview_unsupported: 'FaxDesk cannot show this file: its content is not what its name says. Check the file before sending it.',

    tasks_not_found: 'This task is not in FaxDesk’s history. Add it with “Look up by reference”.',
    tasks_nothing_to_resend: 'No recipient of this task has failed, so there is nothing to resend.',
    tasks_nothing_to_resend_retryable: 'No recipient of this task failed with busy or no answer. Use “Resend to all failed” to include the others.',
    tasks_no_documents: 'FaxDesk does not have the documents of this task (it was added by reference). Send them again from the Send screen.',
    tasks_document_missing: 'The document “{{name}}” has no local copy to upload again. Send it again from the Send screen.',
    tasks_document_unreadable: 'The document “{{name}}” could not be read where it was. Put it back there, or send it again from the Send screen.',
    tasks_demo_readonly: '“{{name}}” belongs to another account than the one connected: nothing was uploaded or sent.',
    tasks_demo_readonly_demo: '“{{name}}” is a demo fax: nothing was uploaded or sent. Send the documents from the Send screen to fax them for real.',
    tasks_already_resent: 'These recipients were already resent a short while ago. Check the task list before resending again.',
    tasks_already_resent_office: '{{senderName}} already resent these recipients as “{{taskName}}” from {{computerName}}. Resend them again?',

    phonebook_duplicate_number: 'This fax number is already saved for another contact.',
    phonebook_duplicate_group: 'There is already a group with this name.',
    phonebook_not_found: 'It no longer exists; it may have been deleted.',
    phonebook_file_not_found: 'FaxDesk cannot find this file. It may have been moved or deleted.',
    phonebook_not_a_file: 'This is not a file.',
    phonebook_file_too_large: 'This file is too large for a phonebook (at most 10 MB).',
    phonebook_unreadable: 'FaxDesk could not read this file. Check that it is not open in another program.',
    phonebook_csv_too_many_rows: 'This file has more than 50,000 rows; split it into smaller files.',
    phonebook_vcard_too_many: 'This file has more than 5,000 cards; split it into smaller files.',

    directory_unreachable: 'FaxDesk cannot reach the server. Check the address and port, and that this computer is on the office network.',
    directory_tls_untrusted:
      'The server’s certificate is not trusted (self-signed or from an unknown authority). Ask your administrator to install the company’s certificate authority on this computer.',
    directory_tls_name: 'The server’s certificate is issued for another name. Use the server name written in its certificate.',
    directory_tls_expired: 'The server’s certificate has expired or is not valid yet. Ask your administrator to renew it.',
    directory_tls_failed: 'The encrypted connection failed. Check that the port speaks ldaps or StartTLS.',
    directory_tls_required: 'The directory requires an encrypted connection: use ldaps:// or turn on StartTLS.',
    directory_bad_credentials: 'The directory refused the bind DN or the password. Check both and enter the password again.',
    directory_no_password: 'Enter the password for this bind DN: FaxDesk keeps one per server and bind DN.',
    directory_password_weaker:
      'The stored password was saved for an encrypted connection (ldaps or StartTLS), and this directory now connects without encryption, so FaxDesk does not send it. Turn encryption back on, or enter the password again to use it over this connection.',
    directory_no_directory:
      'No LDAP directory answered at this address: nothing listens there, it is another kind of server, it did not answer in time, or its certificate is not trusted by this computer. Check the address, the port and the encryption setting with your administrator.',
    office_too_many_tests: 'Too many office outbox tests in a short time. Wait a minute and try again.',
    directory_too_many_tests: 'Too many directory tests in a short time. Wait a minute and try again.',
    directory_too_large: 'The directory sent more data than FaxDesk reads from a directory at once, so the connection was ended. Ask your administrator to check the server.',
    directory_no_results: 'The connection works, but no entry under the base DN matches the filter. Check the base DN and the filter.',
    directory_size_limit:
      'The directory stopped at its size limit for this account. Narrow the search, or ask your administrator to allow paged results for this account.',
    directory_time_limit: 'The directory did not answer in time. Try again, or narrow the search.',
    directory_bad_base: 'The base DN does not exist on this server. Check it with your administrator.',
    directory_bad_filter: 'This is not a valid LDAP filter, e.g. (facsimileTelephoneNumber=*).',
    directory_no_access: 'The directory does not let this account search. Bind with an account that may read the people entries.',
    directory_plain_refused: 'This address sends the password unencrypted over the network. Use ldaps://, or turn on StartTLS, or allow an unencrypted connection.',
    directory_keychain_failed: 'The system keychain did not respond. Unlock it and try once more.',
    directory_not_found: 'This directory is no longer configured.',
    directory_too_many: 'FaxDesk searches at most 20 directories.',
    directory_server_error: 'The directory refused the request. Check the directory settings with your administrator.',
    directory_canceled: 'The search was canceled.',

    office_plain_refused: 'Without TLS the password and every fax record cross the network unencrypted. Turn on TLS, or (only on a network you trust) allow an unencrypted connection.',
    office_no_password: 'Enter the password for this database user: FaxDesk keeps one per server, user and kind of connection.',
    office_tls_untrusted: 'The certificate of {{server}} is not trusted (self-signed or from an unknown authority). Choose the office’s CA file here, or ask your administrator to install it on this computer.',
    office_tls_name: 'The certificate of {{server}} is issued for another name. Use the server name written in its certificate.',
    office_tls_expired: 'The certificate of {{server}} has expired or is not valid yet. Ask your administrator to renew it.',
    office_tls_unavailable: '{{server}} does not offer TLS. Ask your administrator to turn on ssl in PostgreSQL, or (only on a network you trust) allow an unencrypted connection.',
    office_tls_failed: 'The encrypted connection to {{server}} failed. Check that the server has TLS turned on.',
    office_not_postgres: '{{server}} answered, but not as a PostgreSQL server. Check the port (PostgreSQL’s is usually 5432).',
    office_no_answer: '{{server}} did not answer in time. Check the port (PostgreSQL’s is usually 5432) and that the server is running.',
    office_unreachable: 'FaxDesk cannot reach {{server}}. Check the address and port, and that this computer is on the office network.',
    office_bad_password: 'The database server refused the user name or the password. Check the user name and enter the password again.',
    office_not_allowed: 'The database server does not let this user connect from this computer this way. Ask your administrator to allow it in pg_hba.conf (with TLS).',
    office_no_database: 'There is no such database on {{server}}. Check the name, or ask your administrator to create it.',
    office_no_permission: 'This user may not use FaxDesk’s tables in the database. Ask your administrator to grant the rights listed in FaxDesk’s guide for administrators.',
    office_schema_newer: 'The office database was set up by a newer FaxDesk. Update FaxDesk on this computer to share faxes with the office; until then it is read-only here.',
    office_failed: 'The office database at {{server}} refused the request. Try again; if it keeps happening, show this to your administrator.',
    office_queue_too_new: 'The office outbox queue on this computer was written by a newer FaxDesk. Update FaxDesk to open it.',
    office_bad_ca_file: 'This file is not a CA certificate in PEM form (it starts with -----BEGIN CERTIFICATE-----). Ask your administrator for the office’s CA file.',
    office_unavailable: 'The office database is not connected: only this desk’s faxes can be shown. Check Settings → Office outbox.',
    office_documents_gone: 'The fax service no longer keeps the document “{{name}}”, and the documents are on {{senderName}}’s computer ({{computerName}}), not in the office database. Ask {{senderName}} to resend it, or send the documents again from the Send screen. Nothing was sent.',
    office_resend_in_demo: 'FaxDesk is in demo mode: another desk’s fax is resent on the office’s fax account only. Connect the account in Account, then resend. Nothing was sent.',
  },
  /** Where the screen changes what to do: the same code, worded for that place. */
  inContext: {
    /** Settings and the Account screen: the address being tested is the likely culprit */
    account: {
      network_unreachable: 'The fax service could not be reached. Check the internet connection and the service address, then try again.',
      network_interrupted: 'The fax service could not be reached. Check the internet connection and the service address, then try again.',
      malformed_reply: 'The address answered, but not like the fax service. Check the service address in Settings.',
      rate_limited: 'The fax service asked FaxDesk to slow down. It will try again shortly.',
    },
    /** sending and uploading: say that nothing went out */
    send: {
      rate_limited: 'The fax service is receiving too many requests. Wait a minute and try again; nothing was sent.',
      network_unreachable: 'FaxDesk could not connect to the fax service. Check the internet connection; nothing was sent.',
      cancelled: 'The upload was cancelled.',
    },
    /** the document viewer: the document is already in the list */
    preview: {
      file_not_granted: 'FaxDesk no longer has access to this file. Remove it and add it again.',
    },
    /** "Add from URL": the service fetches the address itself */
    url: {
      business_remote_file_unavailable:
        'The fax service could not download the document from that address. Check the address, and that the document opens from the internet (not only inside your office network), then add it again.',
    },
  },
} as const;
