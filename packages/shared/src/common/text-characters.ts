/**
 * A name is shown on one line: in lists, PDFs, CSV cells, email subjects and download headers, where
 * a line break or another control character splits or corrupts it. Bidirectional overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069) reorder what follows them: "Invoice", U+202E, "fdp.exe"
 * reads as "Invoiceexe.pdf", so a name can pass for what it is not. The left-to-right and
 * right-to-left marks (U+200E, U+200F) stay allowed: Arabic and Hebrew names need them, and they
 * reorder nothing.
 */
// eslint-disable-next-line no-control-regex
const NOT_IN_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** The one-line rule as a whole-text pattern: the API document states it (`pattern`), so a generated client or a fuzzer knows it. */
export const SINGLE_LINE_PATTERN = new RegExp(`^[^${NOT_IN_ONE_LINE.source.slice(1, -1)}]*$`);
/**
 * Multi-line text keeps its line breaks (\n, \r\n, and the Unicode line and paragraph separators)
 * and tabs; a carriage return stands only before a line feed.
 */
// eslint-disable-next-line no-control-regex
export const MULTILINE_PATTERN = /^(?:[^\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r\n)*$/;

/** True when the text holds no line break, other control character or direction override. */
export const isSingleLineText = (text: string): boolean => SINGLE_LINE_PATTERN.test(text);

/** True when the text holds no control character but line breaks and tabs, and no direction override. */
export const isMultilineText = (text: string): boolean => MULTILINE_PATTERN.test(text);

/** The one refusal every name and text field gives for either rule. */
export const controlCharactersMessage = (label: string) => `${label} cannot contain control or direction-override characters`;

/** An uploaded file's own name, kept rather than refused: the characters a name cannot hold are dropped. */
export const withoutControlCharacters = (text: string): string => text.replace(new RegExp(NOT_IN_ONE_LINE.source, 'g'), '');
