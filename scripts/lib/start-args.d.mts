export interface StartOptions {
  web: boolean;
  port?: number;
  dataDir?: string;
  locale?: string;
  files: string[];
}
export type StartArgs = { ok: true; options: StartOptions } | { ok: false; message: string };
export function parseStartArgs(argv: readonly string[], context: { cwd: string; exists?: (p: string) => boolean }): StartArgs;
export function previewArgs(options: StartOptions): string[];
