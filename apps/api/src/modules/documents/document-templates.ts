import Docxtemplater from 'docxtemplater';
import InspectModule from 'docxtemplater/js/inspect-module.js';
import PizZip from 'pizzip';
import { DOCUMENT_MESSAGES, type DocumentView } from '@matterhorn/shared';
import { badRequest } from '../../lib/errors.ts';
import { checkZipEntries, DEFAULT_ZIP_LIMITS, ZipRefusedError, type ZipLimits } from '../../platform/files/zip-guard.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';

/**
 * Word templates with merge fields. A merge field is written `{client.name}` in the document, one
 * field per run of text (type it in one go; Word may split a field it autocorrected or
 * spell-checked, which docxtemplater joins again). A name is a flat key: `client.name` is looked up
 * as it is written, never as client → name, so a custom field's label may hold spaces and dots
 * (`{matter.custom.Court Ref.}`). A field with no value prints as nothing; the dry run is how a
 * user sees which are empty before generating.
 */

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What templates need of the documents core (its documents.api.ts): the template's bytes in, the filled document out. */
export type TemplateDocuments = {
  saveGeneratedDocument(
    principal: FirmPrincipal,
    input: {
      matterId: string;
      fileName: string;
      content: Buffer;
      templateDocumentId: string;
      templateVersion: number;
      mergeValues: Record<string, string>;
    },
  ): Promise<DocumentView>;
  readCurrentVersion(
    principal: FirmPrincipal,
    documentId: string,
  ): Promise<{ name: string; versionNumber: number; contentType: string; content: Buffer }>;
};

export const TEMPLATE_MESSAGES = {
  brokenField: (detail: string) => `A merge field in this template is broken: ${detail}`,
  unsafeZip: 'This template could not be read safely: a part of it inflates far beyond what a Word document holds',
} as const;

type Part = { type: string; value?: string; module?: string; subparsed?: Part[] };

const flatKeyParser = (tag: string) => ({
  get: (scope: unknown) => {
    if (tag === '.') return scope;
    const values = scope as Record<string, unknown> | null | undefined;
    const key = tag.trim();
    return values && Object.hasOwn(values, key) ? values[key] : undefined;
  },
});

/**
 * The template opened for docxtemplater: a file that is not a Word document is not a template.
 * PizZip inflates each part whole, so the parts' sizes are checked first. Runs in the document worker.
 */
async function openTemplate(content: Buffer, zipLimits: ZipLimits, modules: InspectModule[] = []): Promise<Docxtemplater> {
  try {
    await checkZipEntries(content, zipLimits);
  } catch (error) {
    if (!(error instanceof ZipRefusedError)) throw error;
    throw badRequest(error.isTooLarge ? TEMPLATE_MESSAGES.unsafeZip : DOCUMENT_MESSAGES.notTemplate);
  }
  let zip: PizZip;
  try {
    zip = new PizZip(content);
  } catch {
    throw badRequest(DOCUMENT_MESSAGES.notTemplate);
  }
  if (!zip.file('word/document.xml')) throw badRequest(DOCUMENT_MESSAGES.notTemplate);
  try {
    return new Docxtemplater(zip, {
      modules,
      delimiters: { start: '{', end: '}' },
      paragraphLoop: true,
      linebreaks: true,
      parser: flatKeyParser,
      nullGetter: () => '',
      // A broken template is the user's to fix and is answered as a 400: not a server error to log.
      errorLogging: false,
    });
  } catch (error) {
    throw templateRefusal(error);
  }
}

/**
 * docxtemplater gathers every broken tag into one error: name the first, in the user's words. A
 * file it cannot read at all (no Word content types) is simply not a template.
 */
function templateRefusal(error: unknown) {
  const { name, properties } = error as {
    name?: string;
    properties?: { errors?: { properties?: { explanation?: string } }[]; explanation?: string };
  };
  const explanation = properties?.errors?.[0]?.properties?.explanation ?? properties?.explanation;
  if (name !== 'TemplateError' || !explanation) return badRequest(DOCUMENT_MESSAGES.notTemplate);
  return badRequest(TEMPLATE_MESSAGES.brokenField(explanation));
}

function placeholdersIn(parts: Part[], into: string[]): string[] {
  for (const part of parts) {
    if (part.type === 'placeholder' && !part.module && part.value !== undefined) into.push(part.value.trim());
    if (part.subparsed) placeholdersIn(part.subparsed, into);
  }
  return into;
}

/** The merge fields a template uses, each once, in the order they first appear (body, then headers and footers). */
export async function templateFieldsOf(content: Buffer, zipLimits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<string[]> {
  const inspect = new InspectModule();
  await openTemplate(content, zipLimits, [inspect]);
  const names = placeholdersIn(inspect.getAllStructuredTags() as Part[], []);
  return [...new Set(names.filter((name) => name !== '' && name !== '.'))];
}

/** The template filled with the values: a field without a value prints as nothing. */
export async function fillTemplate(
  content: Buffer,
  values: Record<string, string>,
  zipLimits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<Buffer> {
  const template = await openTemplate(content, zipLimits);
  try {
    template.render(values);
  } catch (error) {
    throw templateRefusal(error);
  }
  return template.toBuffer();
}

/** A generated document's name: the one asked for, or the template's name with the matter's, always ending .docx. */
export function generatedFileName(requested: string | undefined, templateName: string, matterLabel: string): string {
  const base = requested?.trim() || `${templateName.replace(/\.docx$/i, '')} - ${matterLabel}`;
  const safe = base.replace(/[\\/]/g, '-');
  return /\.docx$/i.test(safe) ? safe : `${safe}.docx`;
}
