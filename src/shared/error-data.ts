/**
 * An error as plain data: what crosses IPC and what a send result keeps. Never
 * a class instance (those do not survive structured clone).
 */
export interface ErrorData {
  /** stable machine code, e.g. 'validation', 'auth.invalid_credentials' */
  code: string;
  /** a sentence a user can act on */
  message: string;
  /** per-field messages, e.g. { 'phone_numbers.3': ['...'] } */
  fields?: Record<string, string[]>;
  /**
   * Machine-readable context of a specific code, for a UI that asks a question
   * instead of showing the message (e.g. 'send.repeat', 'tasks.already_resent';
   * their shapes and readers live beside their channels). Plain values only.
   */
  details?: Record<string, string | number | boolean | null>;
}
