/** Seed section 9: dialogs open and close in 150 ms. */
export const DIALOG_TRANSITION_MS = 150;
