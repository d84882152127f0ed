/**
 * The work a member does on a matter inside Matterhorn that Suggested time proposes as time
 * (issue 44). Each kind says what its narrative reads and how long it counts for.
 */
export const WORK_ACTIVITY_KINDS = [
  'documentRead',
  'documentUploaded',
  'documentGenerated',
  'progressNoteWritten',
  'courtUpdateWritten',
  'portalMessageWritten',
  'emailSent',
  'taskCompleted',
  'eventAttended',
  'callLogged',
] as const;
export type WorkActivityKind = (typeof WORK_ACTIVITY_KINDS)[number];

/** A document's reading is counted in beats of at most this many seconds while its tab is visible. */
export const READING_BEAT_MAX_SECONDS = 300;
/** No input for this long and the reading stops counting (the "idle over 5 minutes"). */
export const READING_IDLE_SECONDS = 300;
/**
 * What an action counts for when its time cannot be measured: the 6 minutes (0.1 hour) firms bill
 * a short letter or a completed step at. Measured kinds count what was measured, from 0.
 */
export const STANDARD_WRITING_SECONDS = 360;
export const STANDARD_SECONDS: Partial<Record<WorkActivityKind, number>> = {
  documentUploaded: 180,
  documentGenerated: 360,
  emailSent: 360,
  taskCompleted: 360,
};

/** The narrative's phrase for an action: "Reviewed Lease v3.docx", "wrote progress note 'Adjourned to 12/01/2027'". */
export function describeWorkActivity(kind: WorkActivityKind, subject: string): string {
  switch (kind) {
    case 'documentRead':
      return `reviewed ${subject}`;
    case 'documentUploaded':
      return `filed ${subject}`;
    case 'documentGenerated':
      return `prepared ${subject}`;
    case 'progressNoteWritten':
      return `wrote progress note '${subject}'`;
    case 'courtUpdateWritten':
      return `wrote court update '${subject}'`;
    case 'portalMessageWritten':
      return `wrote to the client: '${subject}'`;
    case 'emailSent':
      return `emailed ${subject}`;
    case 'taskCompleted':
      return `completed ${subject}`;
    case 'eventAttended':
      return `attended ${subject}`;
    case 'callLogged':
      return `call with ${subject}`;
  }
}

/** What an email's narrative names: "invoice INV-00042 to the client", or to the address it went to instead. */
export const emailSubjectOf = (what: string, to: string, clientEmail: string | null | undefined): string =>
  `${what} to ${clientEmail && to.trim().toLowerCase() === clientEmail.trim().toLowerCase() ? 'the client' : to.trim()}`;

/** The words that stand for a record in a narrative: its first line, at most 60 characters. */
export function subjectOf(text: string, limit = 60): string {
  const firstLine = text.trim().split(/\r?\n/)[0]?.trim() ?? '';
  return firstLine.length <= limit ? firstLine : `${firstLine.slice(0, limit - 1).trimEnd()}…`;
}

/** One narrative for a day's actions on a matter, each said once, in the order first done: "Reviewed …; wrote …". */
export function narrativeOf(actions: readonly { kind: WorkActivityKind; subject: string }[]): string {
  const phrases = [...new Set(actions.map((action) => describeWorkActivity(action.kind, action.subject)))];
  const text = phrases.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The activity type a day's work most likely is, by the kind that took longest: the firm's type with
 * this UTBMS activity code, else one whose name holds one of the words; none, and the member picks.
 */
export const LIKELY_ACTIVITY_TYPE: Record<WorkActivityKind, { utbmsCode: string; words: readonly string[] }> = {
  documentRead: { utbmsCode: 'A104', words: ['review', 'research', 'read'] },
  documentUploaded: { utbmsCode: 'A110', words: ['file', 'admin', 'review'] },
  documentGenerated: { utbmsCode: 'A103', words: ['draft', 'prepar'] },
  progressNoteWritten: { utbmsCode: 'A103', words: ['draft', 'note', 'attendance'] },
  courtUpdateWritten: { utbmsCode: 'A109', words: ['court', 'appear', 'hearing', 'attend'] },
  portalMessageWritten: { utbmsCode: 'A106', words: ['correspond', 'communicat', 'letter', 'email'] },
  emailSent: { utbmsCode: 'A106', words: ['correspond', 'communicat', 'letter', 'email'] },
  taskCompleted: { utbmsCode: 'A111', words: ['admin', 'general', 'other'] },
  eventAttended: { utbmsCode: 'A109', words: ['meeting', 'court', 'appear', 'attend', 'conference'] },
  callLogged: { utbmsCode: 'A106', words: ['call', 'telephone', 'phone', 'communicat'] },
};

/** The firm's activity type for a kind of work, by LIKELY_ACTIVITY_TYPE; null when none fits. */
export function likelyActivityType<T extends { id: string; activityType: string; utbmsCode: string | null }>(
  kind: WorkActivityKind,
  types: readonly T[],
): T | null {
  const likely = LIKELY_ACTIVITY_TYPE[kind];
  return (
    types.find((type) => type.utbmsCode === likely.utbmsCode) ??
    types.find((type) => likely.words.some((word) => type.activityType.toLowerCase().includes(word))) ??
    null
  );
}
