// Apart from the schemas so that a page can show the rule without loading zod with it.
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
