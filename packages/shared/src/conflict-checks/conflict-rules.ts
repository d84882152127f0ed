/**
 * The conflict check as an ethics control, one rule for the API and the web app: a client or
 * matter that brings names the firm has not checked for it may be saved only against a check of
 * those names whose decision lets it go ahead, and that no other record has used.
 */
export const CONFLICT_RULE_MESSAGES = {
  required: 'Run a conflict check on the names of this record before saving',
  namesNotChecked: 'The conflict check was not run for every name of this record',
  undecided: 'Record a decision on the conflict check before saving',
  declined: 'The conflict check was declined: this record cannot be saved against it',
  notesRequired: 'Notes are required to proceed despite a conflict',
  alreadyUsed: 'This conflict check is already recorded against another record',
} as const;

/** At most this many names go into one check (conflict-check.schemas.ts). */
export const MAX_CHECKED_NAMES = 20;

/** Each candidate once (ignoring case and spaces around it), 2 characters or more, none of `known`. */
export function namesToCheck(candidates: readonly string[], known: readonly string[] = []): string[] {
  const seen = new Set(known.map(nameKey));
  const names: string[] = [];
  for (const candidate of candidates) {
    const name = candidate.trim();
    if (name.length < 2 || seen.has(nameKey(name))) continue;
    seen.add(nameKey(name));
    names.push(name);
  }
  return names.slice(0, MAX_CHECKED_NAMES);
}

const nameKey = (name: string) => name.trim().toLowerCase();

type ClientNames = {
  clientType: 'individual' | 'company';
  firstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
  contacts?: readonly { name: string }[];
};

/** The client's name as lists show it (clients.display_name): the company's, or the person's first and last names. */
function clientDisplayName(client: ClientNames): string {
  if (client.clientType === 'company') return (client.companyName ?? '').trim();
  return `${(client.firstName ?? '').trim()} ${(client.lastName ?? '').trim()}`.trim();
}

/** A client's names to check: its name and, for a company, its contact people. */
export function clientConflictNames(client: ClientNames, known: readonly string[] = []): string[] {
  const contacts = client.clientType === 'company' ? (client.contacts ?? []).map((contact) => contact.name) : [];
  return namesToCheck([clientDisplayName(client), ...contacts], known);
}

/** A matter's names to check: its related and opposing parties and its own name. */
export function matterConflictNames(
  matter: { matterName: string; parties?: readonly { name: string }[] },
  known: readonly string[] = [],
): string[] {
  return namesToCheck([...(matter.parties ?? []).map((party) => party.name), matter.matterName], known);
}

/** The names a check did not search (ignoring case). */
export const namesNotSearched = (searchedNames: readonly string[], names: readonly string[]): string[] => {
  const searched = new Set(searchedNames.map(nameKey));
  return names.filter((name) => !searched.has(nameKey(name)));
};

/** Why a decision does not let a record be saved, or null when it does. */
export function decisionRefusal(decision: string | null, notes: string | null | undefined): string | null {
  if (decision === null) return CONFLICT_RULE_MESSAGES.undecided;
  if (decision === 'declined') return CONFLICT_RULE_MESSAGES.declined;
  if (decision === 'proceed_despite_conflict' && !notes?.trim()) return CONFLICT_RULE_MESSAGES.notesRequired;
  return null;
}
