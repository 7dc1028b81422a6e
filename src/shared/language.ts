import { z } from 'zod';

/** The languages FaxDesk is translated into. */
export const languageSchema = z.enum(['en', 'zh-CN']);
export type Language = z.infer<typeof languageSchema>;
