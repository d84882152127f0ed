import { partyTypeOfName, type IntakeAnswers, type IntakeFieldView } from '@matterhorn/shared';
import { displayNameOf, type LeadDetails } from '../leads/leads.api.ts';

/**
 * Opposing parties typed one a line or separated by commas or semicolons: each a name of 2 characters or more,
 * at most 20, a company when its name says so ("Lagoon Shipping Ltd"), so the matter keeps its kind.
 */
export const partiesOf = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((name) => name.trim().slice(0, 160))
    .filter((name) => name.length >= 2)
    .slice(0, 20)
    .map((name) => ({ name, partyType: partyTypeOfName(name) }));

/**
 * The lead's details a submission's answers fill, by each field's leadField: a company's name
 * makes a company lead (the person's names are then its contact's), else a person.
 */
export function leadDetailsOfAnswers(
  fields: readonly IntakeFieldView[],
  answers: IntakeAnswers,
  practiceAreaId: string | null,
): LeadDetails {
  const text = (leadField: IntakeFieldView['leadField']) => {
    const field = fields.find((candidate) => candidate.leadField === leadField);
    const answer = field ? answers[field.key] : undefined;
    return typeof answer === 'string' && answer.trim() ? answer.trim() : null;
  };
  const cut = (value: string | null, max: number) => (value ? value.slice(0, max) : null);
  const companyName = cut(text('companyName'), 160);
  const details = {
    leadType: companyName ? ('company' as const) : ('individual' as const),
    firstName: cut(text('firstName'), 80),
    lastName: cut(text('lastName'), 80),
    companyName,
    email: cut(text('email'), 254),
    phone: cut(text('phone'), 40),
    address: cut(text('address'), 300),
    city: null,
    state: null,
    country: null,
    postalCode: null,
    matterDescription: text('matterDescription'),
    opposingParties: partiesOf(text('opposingParties') ?? ''),
    practiceAreaId,
    referrerName: null,
  };
  return { ...details, displayName: displayNameOf(details) };
}
