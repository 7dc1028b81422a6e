/**
 * When the Send screen asks for a review before sending, until the user changes it in Settings.
 * Its own zod-free module: the Send screen (the first screen) falls back to it before the
 * settings have arrived, without loading the settings schema.
 */
export const DEFAULT_REVIEW: { always: boolean; recipientsAbove: number; costAbove: number } = { always: false, recipientsAbove: 10, costAbove: 20 };
