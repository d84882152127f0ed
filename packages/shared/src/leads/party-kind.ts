/**
 * A company's legal-form word at the end of its name (Nigerian CAMA forms and the common foreign
 * ones): "Lagoon Shipping Ltd", "Sahel Agro Holdings Plc", "Reed & Co.". A name typed on an intake
 * form has no kind of its own, and the conflict check and the matter both treat a company apart.
 */
const COMPANY_ENDING =
  /(?:^|[\s,&(])(?:ltd|limited|plc|llc|llp|lp|inc|incorporated|corp|corporation|co|company|gmbh|ag|sa|nv|bv|pty|lte|ltée|uk ltd|nig\.? ltd)\.?\)?$/i;

/** A party named without a kind: a company when its name ends in a legal form, else a person. */
export function partyTypeOfName(name: string): 'individual' | 'company' {
  return COMPANY_ENDING.test(name.trim()) ? 'company' : 'individual';
}
