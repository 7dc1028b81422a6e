export function firstLine(text: unknown, count?: number): string;
export function failedVitest(report: unknown, root: string): string[];
export function failedE2e(report: unknown): string[];
