import type { ComposeDocument } from './types';

/** One send as the Send screen asks for it (sendFaxInputSchema in src/shared/ipc/channels/send.ts checks it at the door). */
export interface SendRequest {
  name: string;
  documents: ComposeDocument[];
  /** spec-format numbers (country code, digits only), in the order of the screen */
  numbers: string[];
  /** ms since epoch; null = send now */
  scheduledAt: number | null;
  /**
   * The user answered "send it again?" for a repeat of an earlier send. Without it, a send of the
   * same documents to the same numbers within the repeat window creates nothing and fails with
   * SEND_REPEAT_CODE (src/shared/errors/error-details.ts).
   */
  confirmRepeat?: boolean | undefined;
}
