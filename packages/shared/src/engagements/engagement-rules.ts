import { formatMoney, toCents } from '../common/money.ts';

/** What the engagement card and the server say, once. */
export const ENGAGEMENT_MESSAGES = {
  termsSaved: 'Engagement terms saved',
  letterGenerated: 'Engagement letter generated',
  letterSent: 'Engagement letter sent for signature',
  converted: 'Lead converted to a client and matter',
  saveTermsFirst: 'Save the engagement terms first',
  chooseTemplate: 'Choose the Word template the letter is made from',
  generateFirst: 'Generate the engagement letter first',
  noEmail: 'The lead needs an email address to sign online',
  conflictFirst: 'Record a conflict decision that lets the firm act (Cleared or Conflict waived) before sending the letter',
  conflictDeclined: 'The conflict check declined this lead: the firm cannot act for them',
  alreadySent: 'The letter is already out for signature: void that request before sending again',
  alreadySigned: 'The letter is signed',
  notEngageable: 'This lead is Not engaged: move it back before converting',
  letterScanning: 'The letter is still being scanned: try again in a moment',
  noTrustAccount: (currencyCode: string) => `The firm has no open trust account in ${currencyCode} for the retainer`,
  nameRequired: 'The lead needs a name (a person’s or a company’s) to become a client',
  feesOutForSignature: 'The letter out for signature states these fees: void its signature request to change them',
  feesSigned: 'The lead signed the letter with these fees: they cannot change',
  termsOnMatter: 'The lead is converted: change the terms on its matter',
} as const;

/** The terms the letter states to the lead as its fees: fixed once it is out for signature. */
export const ENGAGEMENT_FEE_TERMS = [
  'billingType',
  'hourlyRate',
  'flatRate',
  'contingencyPercentage',
  'retainerAmount',
  'retainerCurrencyCode',
] as const;

type Decision = 'no_conflict' | 'proceed_despite_conflict' | 'declined' | null;

/** Why the letter cannot go out for signature, or null (a decision that lets the firm act comes first: issue 13's rule). */
export function engagementSendRefusal(facts: {
  isSaved: boolean;
  hasLetter: boolean;
  hasEmail: boolean;
  conflictDecision: Decision;
  signatureStatus: string | null;
  isConverted: boolean;
}): string | null {
  if (!facts.isSaved) return ENGAGEMENT_MESSAGES.saveTermsFirst;
  if (facts.conflictDecision === 'declined') return ENGAGEMENT_MESSAGES.conflictDeclined;
  if (facts.conflictDecision === null) return ENGAGEMENT_MESSAGES.conflictFirst;
  if (!facts.hasLetter) return ENGAGEMENT_MESSAGES.generateFirst;
  if (!facts.hasEmail) return ENGAGEMENT_MESSAGES.noEmail;
  if (facts.signatureStatus === 'Completed' || facts.isConverted) return ENGAGEMENT_MESSAGES.alreadySigned;
  if (facts.signatureStatus === 'Sent' || facts.signatureStatus === 'Sealing') return ENGAGEMENT_MESSAGES.alreadySent;
  return null;
}

/**
 * Why the fees (ENGAGEMENT_FEE_TERMS) cannot change now, or null: the letter out for signature, or
 * signed, states them to the lead. The matter's name, description, practice area, fee earner and
 * template may still change (a name Convert refuses as resembling another's can be put right).
 */
export function engagementFeesLock(signatureStatus: string | null): string | null {
  if (signatureStatus === 'Sent' || signatureStatus === 'Sealing') return ENGAGEMENT_MESSAGES.feesOutForSignature;
  if (signatureStatus === 'Completed') return ENGAGEMENT_MESSAGES.feesSigned;
  return null;
}

/** Why the letter cannot be (re)generated now, or null: the one out for signature or signed is the one the lead sees. */
export function engagementLetterRefusal(facts: {
  isSaved: boolean;
  hasTemplate: boolean;
  signatureStatus: string | null;
  isConverted: boolean;
}): string | null {
  if (!facts.isSaved) return ENGAGEMENT_MESSAGES.saveTermsFirst;
  if (facts.isConverted || facts.signatureStatus === 'Completed') return ENGAGEMENT_MESSAGES.alreadySigned;
  if (facts.signatureStatus === 'Sent' || facts.signatureStatus === 'Sealing') return ENGAGEMENT_MESSAGES.alreadySent;
  if (!facts.hasTemplate) return ENGAGEMENT_MESSAGES.chooseTemplate;
  return null;
}

/** Why Convert is refused, or null; a converted lead answers its client and matter again (not a refusal). */
export function engagementConvertRefusal(facts: { isSaved: boolean; conflictDecision: Decision; leadStatus: string }): string | null {
  if (!facts.isSaved) return ENGAGEMENT_MESSAGES.saveTermsFirst;
  if (facts.conflictDecision === 'declined') return ENGAGEMENT_MESSAGES.conflictDeclined;
  if (facts.conflictDecision === null) return ENGAGEMENT_MESSAGES.conflictFirst;
  if (facts.leadStatus === 'notEngaged') return ENGAGEMENT_MESSAGES.notEngageable;
  return null;
}

/** What Convert will make, said before the button is pressed. */
export function conversionPlanOf(facts: {
  leadName: string;
  isCompany: boolean;
  contactName: string | null;
  email: string | null;
  matterName: string;
  billingText: string;
  retainerAmount: string | null;
  retainerCurrencyCode: string | null;
  hasLetter: boolean;
  /** The files the lead sent with the intake form that Convert files in the matter (none refused by the scanner). */
  intakeFileCount: number;
}): string[] {
  const lines = [
    `Client “${facts.leadName}” (${facts.isCompany ? 'company' : 'person'})${facts.isCompany && facts.contactName ? `, contact ${facts.contactName}` : ''}`,
    `Matter “${facts.matterName}”, ${facts.billingText}`,
  ];
  if (facts.email) lines.push(`Portal invitation to ${facts.email}`);
  const papers = [
    facts.hasLetter ? 'the engagement letter' : null,
    facts.intakeFileCount > 0
      ? `${facts.intakeFileCount === 1 ? '1 file' : `${facts.intakeFileCount} files`} sent with the intake form`
      : null,
  ].filter(Boolean);
  lines.push(papers.length > 0 ? `The matter’s documents folder, with ${papers.join(' and ')}` : 'The matter’s documents folder');
  const retainer = facts.retainerAmount;
  if (retainer && toCents(retainer) > 0n)
    lines.push(`Trust request for the retainer of ${formatMoney(retainer)} ${facts.retainerCurrencyCode ?? ''}`.trim());
  return lines;
}

/** The billing terms in words ("Hourly at 250.00 USD"). */
export function billingTextOf(
  terms: { billingType: string; hourlyRate: string | null; flatRate: string | null; contingencyPercentage: string | null },
  currencyCode: string,
): string {
  if (terms.billingType === 'Hourly') return `Hourly at ${formatMoney(terms.hourlyRate ?? '0')} ${currencyCode}`;
  if (terms.billingType === 'Flat Rate') return `Flat fee of ${formatMoney(terms.flatRate ?? '0')} ${currencyCode}`;
  if (terms.billingType === 'Contingency') return `Contingency of ${terms.contingencyPercentage ?? '0'}%`;
  return 'Retainer';
}
