import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonWords } from '@zxcvbn-ts/language-common';
import { dictionary as englishWords, translations } from '@zxcvbn-ts/language-en';
import { PASSWORD_TOO_WEAK } from '@matterhorn/shared';
import { badRequest } from './errors.ts';

/**
 * zxcvbn's score 3: "safely unguessable", about 10^10 guesses, the level its authors advise for
 * accounts worth protecting. A firm's client files and trust ledgers are.
 */
const MINIMUM_SCORE = 3;

/** The first word a guesser tries against any account of this product. */
export const PRODUCT_NAME = 'Matterhorn';

const BUILT_FROM_DETAILS = 'It is built from your name, your email, your firm’s name or the product’s name. Add words of your own.';

let estimator: ZxcvbnFactory | undefined;
const estimatorOf = () =>
  (estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonWords, ...englishWords },
  }));

const refuse = (reasons: readonly (string | null | undefined)[]): never => {
  const given = reasons.filter((reason): reason is string => Boolean(reason));
  const message = `${PASSWORD_TOO_WEAK}. ${given.length ? given.join(' ') : 'Add another word or two; uncommon words are better.'}`;
  throw badRequest(message, { password: message });
};

const escapeForPattern = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The one rule for every password a person chooses (firm sign-up, joining a team, reset, portal
 * sign-up and reset). The person's details (email and its parts, names, the firm's name) and the
 * product's name count as guessable words for zxcvbn; and since zxcvbn can still rate a short
 * join of them highly ("Okafor&Partners-2026"), what is left once they are taken out must be
 * strong enough on its own.
 */
export function assertStrongPassword(password: string, personalDetails: readonly (string | null | undefined)[] = []): void {
  const words = [
    ...new Set([PRODUCT_NAME, ...personalDetails].flatMap((detail) => (detail ? [detail, ...detail.split(/[^\p{L}\p{N}]+/u)] : []))),
  ]
    .filter((word) => word.length >= 3)
    .sort((a, b) => b.length - a.length);
  const { score, feedback } = estimatorOf().check(password, words);
  if (score < MINIMUM_SCORE) refuse([feedback.warning, ...feedback.suggestions]);
  const remainder = words.reduce((rest, word) => rest.replace(new RegExp(escapeForPattern(word), 'giu'), ''), password);
  if (remainder !== password && estimatorOf().check(remainder, words).score < MINIMUM_SCORE) refuse([BUILT_FROM_DETAILS]);
}
