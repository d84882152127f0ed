import type { PublicIntakeForm, PublicIntakeUpload } from '@matterhorn/shared';

/**
 * The public form's three calls, with fetch alone: the page is held to 100 KB of JavaScript, so it
 * reads the answers as they come instead of parsing them with the contracts' schemas (ADR 81).
 */
const formPath = (company: string, form: string) => `/api/public/intake/${encodeURIComponent(company)}/${encodeURIComponent(form)}`;

const UNREACHABLE = 'The form could not be reached. Check your connection and try again.';

/** A refusal: the server's message, and its messages by field key when it names fields. */
export class IntakeRequestError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;
  constructor(message: string, status: number, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

/** The field messages of a refusal, by field key: the server sends them as the envelope's data (or as errors). */
export function fieldErrorsOfAnswer(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  const { data, errors } = body as { data?: unknown; errors?: unknown };
  const found = data && typeof data === 'object' && !Array.isArray(data) ? data : errors;
  if (!found || typeof found !== 'object') return {};
  const byKey: Record<string, string> = {};
  for (const [name, message] of Object.entries(found)) {
    const text: unknown = Array.isArray(message) ? message[0] : message;
    if (typeof text === 'string') byKey[name.replace(/^answers\./, '')] = text;
  }
  return byKey;
}

async function send<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { accept: 'application/json', ...init?.headers } });
  } catch {
    throw new IntakeRequestError(UNREACHABLE, 0);
  }
  const body = (await response.json().catch(() => null)) as { success?: boolean; message?: string; data?: T } | null;
  if (!response.ok || !body || body.success === false) {
    const message = typeof body?.message === 'string' && body.message ? body.message : UNREACHABLE;
    throw new IntakeRequestError(message, response.status, fieldErrorsOfAnswer(body));
  }
  return body.data as T;
}

export const getPublicIntakeForm = (company: string, form: string) => send<PublicIntakeForm>(formPath(company, form));

/** One file for one file field, before the form is sent: its id goes in the field's answer. */
export function uploadIntakeFile(company: string, form: string, fieldKey: string, file: File): Promise<PublicIntakeUpload> {
  const body = new FormData();
  // The field's key first: the server reads it before the file's bytes.
  body.append('fieldKey', fieldKey);
  body.append('file', file, file.name);
  return send<PublicIntakeUpload>(`${formPath(company, form)}/upload-file`, { method: 'POST', body });
}

export type IntakeSubmission = { submissionKey: string; answers: Record<string, string | string[]>; website: string };

export function submitIntakeForm(company: string, form: string, submission: IntakeSubmission): Promise<{ thankYouText: string }> {
  return send<{ thankYouText: string }>(`${formPath(company, form)}/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(submission),
  });
}
