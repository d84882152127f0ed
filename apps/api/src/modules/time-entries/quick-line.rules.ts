/** Matters offered for one line, at most. */
export const QUICK_LINE_CANDIDATES = 5;
/** The matter's words are looked for among the line's first words only. */
export const QUICK_LINE_MATTER_WORDS = 8;
