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

let estimator: ZxcvbnFactory | undefined;
const estimatorOf = () =>
  (estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonWords, ...englishWords },
  }));

/**
 * The one rule for every password a person chooses (firm sign-up, joining a team, reset, portal
 * sign-up). Personal details (the email, its parts, names) count as guessable words.
 */
export function assertStrongPassword(password: string, personalDetails: readonly (string | null | undefined)[] = []): void {
  const words = personalDetails
    .flatMap((detail) => (detail ? [detail, ...detail.split(/[@.\s_+-]+/)] : []))
    .filter((word) => word.length >= 3);
  const { score, feedback } = estimatorOf().check(password, words);
  if (score >= MINIMUM_SCORE) return;
  const reasons = [feedback.warning, ...feedback.suggestions].filter((reason): reason is string => Boolean(reason));
  const message = `${PASSWORD_TOO_WEAK}. ${reasons.length ? reasons.join(' ') : 'Add another word or two; uncommon words are better.'}`;
  throw badRequest(message, { password: message });
}
