/**
 * Error families of the Fax API client, one class each (as Stripe does), all
 * extending FaxApiError. Each carries a stable `code` the renderer translates
 * and a `toErrorData()` (plain error data) with an English sentence that says what to do.
 *
 * None of them ever holds a credential, a request header or a reply body:
 * messages are built only from the status, the operation and the service's
 * own short texts.
 */
import type { ErrorData } from '../../shared/error-data';
import type { ApiErrorCode } from '../../shared/errors/error-codes';

/** What the failed request was doing: decides wording and whether the outcome is unknown. */
export type Operation = 'account' | 'task' | 'recipient' | 'create' | 'upload';

export { API_ERROR_CODES as FAX_API_ERROR_CODES } from '../../shared/errors/error-codes';
export type FaxApiErrorCode = ApiErrorCode;

const UNKNOWN_OUTCOME =
  'The fax task may have been created anyway. Check the task list before sending again, so the fax is not sent twice.';

export abstract class FaxApiError extends Error {
  abstract readonly code: FaxApiErrorCode;
  readonly operation: Operation;
  /** HTTP status of the reply, null when none arrived */
  readonly status: number | null;

  constructor(message: string, operation: Operation, status: number | null) {
    super(message);
    this.name = new.target.name;
    this.operation = operation;
    this.status = status;
  }

  /**
   * True when a create may have been carried out although no definitive
   * answer came back: FaxDesk must never repeat it on its own.
   */
  get outcomeUnknown(): boolean {
    // the families that can leave a create undecided say so in their code
    return this.code.endsWith('.outcome_unknown');
  }

  toErrorData(): ErrorData {
    return { code: this.code, message: this.message };
  }
}

/** 400 "Invalid parameters": a field map such as { 'phone_numbers.3': [...] }. */
export class ValidationError extends FaxApiError {
  readonly code = 'validation' as const;
  readonly fields: Record<string, string[]>;

  constructor(operation: Operation, status: number | null, fields: Record<string, string[]>) {
    const keys = Object.keys(fields);
    super(
      keys.length
        ? `The fax service rejected some of the details (${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}). Correct them and try again.`
        : 'The fax service rejected the request as invalid. Check the details and try again.',
      operation,
      status,
    );
    this.fields = fields;
  }

  override toErrorData(): ErrorData {
    return { code: this.code, message: this.message, fields: this.fields };
  }
}

type BusinessCode = Extract<FaxApiErrorCode, `business.${string}`>;

/** The spec gives no business failure codes, only a free text: recognise the cases FaxDesk acts on. */
function classifyBusiness(detail: string): BusinessCode {
  if (/file[_ ]?ref|file reference|文件/i.test(detail)) return 'business.file_ref_invalid';
  if (/balance|余额/i.test(detail)) return 'business.insufficient_balance';
  if (/suspended|not activated|inactive|暂停|未激活/i.test(detail)) return 'business.account_unavailable';
  if (/remote (file|url)|could not be (fetched|downloaded)|无法下载|下载失败/i.test(detail)) return 'business.remote_file_unavailable';
  return 'business.rejected';
}

const BUSINESS_ADVICE: Record<BusinessCode, string> = {
  'business.file_ref_invalid': 'Upload the documents again and resend.',
  'business.insufficient_balance': 'Top up the account in the fax service console, or send to fewer recipients.',
  'business.account_unavailable': 'The account cannot send faxes right now; check its status in the fax service console.',
  'business.remote_file_unavailable':
    'Check the web address, and that the document opens from the internet (not only inside your office network), then add it again.',
  'business.rejected': 'Check the request and try again.',
};

/** The service refused the request for a business reason, with its own explanation. */
export class BusinessError extends FaxApiError {
  readonly code: BusinessCode;
  /** the service's message (e.g. 'Failed to create fax job') */
  readonly serviceMessage: string;
  /** the service's explanation (the `errors` string) */
  readonly detail: string;

  constructor(operation: Operation, status: number | null, serviceMessage: string, detail: string) {
    const code = classifyBusiness(`${serviceMessage} ${detail}`);
    const said = clip(detail || serviceMessage);
    super(`The fax service refused the request: ${said}${/[.。!]$/.test(said) ? '' : '.'} ${BUSINESS_ADVICE[code]}`, operation, status);
    this.code = code;
    this.serviceMessage = clip(serviceMessage);
    this.detail = clip(detail);
  }

  /** The service's own words go to the window too: it shows them beside its translated advice. */
  override toErrorData(): ErrorData {
    return { code: this.code, message: this.message, details: { said: clip(this.detail || this.serviceMessage) } };
  }
}

type AuthCode = Extract<FaxApiErrorCode, `auth.${string}`>;

/** The exact 401 messages of the spec, each with its own code. */
export const AUTH_SERVICE_MESSAGES: Readonly<Record<string, AuthCode>> = {
  缺少API密钥或秘钥: 'auth.missing_credentials',
  API密钥无效: 'auth.invalid_credentials',
  无API访问权限: 'auth.no_api_access',
};

const AUTH_TEXT: Record<AuthCode, string> = {
  'auth.missing_credentials': 'The API key or secret is missing. Enter both in Settings.',
  'auth.invalid_credentials':
    "The API key and secret don't match. The secret may have been reset in the fax service console; copy the current one into Settings.",
  'auth.no_api_access':
    'This account cannot use the API: it is not included in the plan or has been disabled. Enable it in the fax service console or contact the provider.',
  'auth.malformed_credentials':
    'The API key or secret contains characters that cannot be sent. Copy them again from the fax service console.',
  'auth.failed': 'The fax service did not accept the credentials. Check the API key and secret in Settings.',
};

export class AuthError extends FaxApiError {
  readonly code: AuthCode;
  constructor(operation: Operation, status: number | null, code: AuthCode) {
    super(AUTH_TEXT[code], operation, status);
    this.code = code;
  }

  static fromServiceMessage(operation: Operation, status: number, message: string): AuthError {
    return new AuthError(operation, status, AUTH_SERVICE_MESSAGES[message.trim()] ?? 'auth.failed');
  }
}

type NotFoundCode = Extract<FaxApiErrorCode, `not_found.${string}`>;

export class NotFoundError extends FaxApiError {
  readonly code: NotFoundCode;
  constructor(operation: Operation, status: number | null) {
    const code: NotFoundCode =
      operation === 'task' ? 'not_found.task' : operation === 'recipient' ? 'not_found.recipient' : 'not_found.endpoint';
    super(
      code === 'not_found.task'
        ? 'The fax service has no task with this reference. It may have been deleted or belong to another account.'
        : code === 'not_found.recipient'
          ? 'The fax service has no recipient with this reference. It may have been deleted or belong to another account.'
          : 'The service address does not answer like Fax Service v2. Check the base URL in Settings.',
      operation,
      status,
    );
    this.code = code;
  }
}

export class ServerError extends FaxApiError {
  readonly code: 'server' | 'server.outcome_unknown';
  constructor(operation: Operation, status: number | null) {
    const unknown = operation === 'create';
    super(
      unknown
        ? `The fax service reported an internal error (HTTP ${status ?? '?'}) while creating the task. ${UNKNOWN_OUTCOME}`
        : `The fax service reported an internal error (HTTP ${status ?? '?'}). This is usually temporary; try again in a minute.`,
      operation,
      status,
    );
    this.code = unknown ? 'server.outcome_unknown' : 'server';
  }
}

export class RateLimitedError extends FaxApiError {
  readonly code = 'rate_limited' as const;
  /** from Retry-After; null when the service did not say */
  readonly retryAfterMs: number | null;
  constructor(operation: Operation, status: number | null, retryAfterMs: number | null) {
    const secs = retryAfterMs === null ? null : Math.max(1, Math.ceil(retryAfterMs / 1000));
    const wait = secs === null ? 'a minute' : secs === 1 ? '1 second' : `${secs} seconds`;
    super(`The fax service is receiving too many requests. Wait ${wait} and try again.`, operation, status);
    this.retryAfterMs = retryAfterMs;
  }
}

export class NetworkError extends FaxApiError {
  readonly code: 'network.unreachable' | 'network.interrupted' | 'network.outcome_unknown';
  /**
   * False only when the request certainly never left this computer (the
   * connection was refused or the host name did not resolve).
   */
  readonly mayHaveReachedServer: boolean;
  /** a system error code such as ECONNRESET; never a message */
  readonly causeCode: string | null;

  constructor(operation: Operation, mayHaveReachedServer: boolean, causeCode: string | null) {
    const unknown = operation === 'create' && mayHaveReachedServer;
    const code = !mayHaveReachedServer ? 'network.unreachable' : unknown ? 'network.outcome_unknown' : 'network.interrupted';
    const why = causeCode ? ` (${causeCode})` : '';
    super(
      code === 'network.unreachable'
        ? `FaxDesk could not connect to the fax service${why}. Check the internet connection and the base URL in Settings.`
        : code === 'network.outcome_unknown'
          ? `The connection to the fax service broke before it answered${why}. ${UNKNOWN_OUTCOME}`
          : `The connection to the fax service broke${why}. Check the internet connection and try again.`,
      operation,
      null,
    );
    this.code = code;
    this.mayHaveReachedServer = mayHaveReachedServer;
    this.causeCode = causeCode;
  }
}

export class TimeoutError extends FaxApiError {
  readonly code: 'timeout' | 'timeout.outcome_unknown';
  readonly mayHaveReachedServer = true;
  constructor(operation: Operation, timeoutMs: number) {
    const unknown = operation === 'create';
    const secs = Math.round(timeoutMs / 1000);
    super(
      unknown
        ? `The fax service did not answer within ${secs} seconds. ${UNKNOWN_OUTCOME}`
        : `The fax service did not answer within ${secs} seconds. Check the connection and try again.`,
      operation,
      null,
    );
    this.code = unknown ? 'timeout.outcome_unknown' : 'timeout';
  }
}

/** An HTML error page, truncated JSON, an oversized body or a shape that does not match the spec. */
export class MalformedReplyError extends FaxApiError {
  readonly code: 'malformed_reply' | 'malformed_reply.outcome_unknown';
  /** for logs: what was wrong (never the body itself) */
  readonly problem: string;
  constructor(operation: Operation, status: number, problem: string) {
    // A 5xx page (a gateway timing out behind a committed create, say) is no refusal either.
    const unknown = operation === 'create' && (status < 400 || status >= 500);
    super(
      unknown
        ? `The fax service sent a reply FaxDesk could not read (HTTP ${status}). ${UNKNOWN_OUTCOME}`
        : `The fax service sent a reply FaxDesk could not read (HTTP ${status}). If this keeps happening, check the base URL in Settings or try again later.`,
      operation,
      status,
    );
    this.code = unknown ? 'malformed_reply.outcome_unknown' : 'malformed_reply';
    this.problem = problem;
  }
  /** The status goes to the window: an unreadable 5xx (a proxy's error page) is a temporary problem, not a wrong address. */
  override toErrorData(): ErrorData {
    return { code: this.code, message: this.message, ...(this.status !== null ? { details: { status: this.status } } : {}) };
  }
}

export class CancelledError extends FaxApiError {
  readonly code = 'cancelled' as const;
  constructor(operation: Operation) {
    super(operation === 'upload' ? 'The upload was cancelled.' : 'The request was cancelled.', operation, null);
  }
}

/** The local file to upload cannot be used; nothing was sent. */
export class LocalFileError extends FaxApiError {
  readonly code: 'file.unreadable' | 'file.too_large';
  constructor(code: 'file.unreadable' | 'file.too_large', detail: string) {
    super(
      code === 'file.too_large'
        ? `The file is larger than the 10 MB the fax service accepts (${detail}). Split it or reduce its size.`
        : `FaxDesk could not read the file (${detail}). Check that it still exists and is not open elsewhere.`,
      'upload',
      null,
    );
    this.code = code;
  }
}

function clip(text: string, max = 300): string {
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
}
