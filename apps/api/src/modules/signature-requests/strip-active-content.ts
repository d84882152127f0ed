import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';

/** Actions that run something rather than move within the document: never kept in a sealed copy. */
const ACTIVE_ACTIONS = new Set([
  '/JavaScript',
  '/Launch',
  '/ImportData',
  '/SubmitForm',
  '/ResetForm',
  '/Rendition',
  '/RichMediaExecute',
  '/GoToE',
]);

const name = (key: string) => PDFName.of(key);

function isActiveAction(document: PDFDocument, action: PDFObject | undefined): boolean {
  const dict = action && document.context.lookup(action);
  if (!(dict instanceof PDFDict)) return false;
  const kind = dict.get(name('S'));
  if (kind instanceof PDFName && ACTIVE_ACTIONS.has(kind.asString())) return true;
  const next = dict.get(name('Next'));
  const chained = next && document.context.lookup(next);
  if (chained instanceof PDFArray) return chained.asArray().some((item) => isActiveAction(document, item));
  return isActiveAction(document, next);
}

/** Every indirect object the trailer still reaches; the rest would otherwise be written out by save(). */
function reachableRefs(document: PDFDocument): Set<string> {
  const seen = new Set<string>();
  const pending: PDFObject[] = [document.context.trailerInfo.Root, document.context.trailerInfo.Info].filter(
    (object): object is PDFObject => object !== undefined,
  );
  while (pending.length > 0) {
    const object = pending.pop()!;
    if (object instanceof PDFRef) {
      if (seen.has(object.toString())) continue;
      seen.add(object.toString());
      const target = document.context.lookup(object);
      if (target) pending.push(target);
    } else if (object instanceof PDFDict) pending.push(...object.values());
    else if (object instanceof PDFArray) pending.push(...object.asArray());
    else if (object instanceof PDFStream) pending.push(object.dict);
  }
  return seen;
}

/**
 * A signed copy is e-mailed to every signer and filed: it must not carry what a reader would run
 * on opening. Removes the document's open action and additional actions, its JavaScript and
 * embedded-file name trees, pages' and annotations' scripts, launch and form-submit actions,
 * file-attachment annotations and the XFA form (which carries its own scripts); then drops the
 * objects nothing reaches any more, so the script's bytes are not left in the file either. Answers
 * whether it removed anything.
 */
export function stripActiveContent(document: PDFDocument): boolean {
  let removed = false;
  const drop = (dict: PDFDict | undefined, key: string) => {
    if (dict?.delete(name(key))) removed = true;
  };
  const catalog = document.catalog;
  const openAction = catalog.get(name('OpenAction'));
  if (openAction && !(document.context.lookup(openAction) instanceof PDFArray)) drop(catalog, 'OpenAction');
  drop(catalog, 'AA');
  const names = catalog.lookupMaybe(name('Names'), PDFDict);
  drop(names, 'JavaScript');
  drop(names, 'EmbeddedFiles');
  drop(catalog, 'AF');
  const form = catalog.lookupMaybe(name('AcroForm'), PDFDict);
  drop(form, 'XFA');
  for (const field of form?.lookupMaybe(name('Fields'), PDFArray)?.asArray() ?? []) {
    const dict = document.context.lookup(field);
    if (dict instanceof PDFDict) drop(dict, 'AA');
  }
  for (const page of document.getPages()) {
    drop(page.node, 'AA');
    const annotations = page.node.Annots();
    if (!annotations) continue;
    for (let index = annotations.size() - 1; index >= 0; index -= 1) {
      const annotation = annotations.lookup(index);
      if (!(annotation instanceof PDFDict)) continue;
      const subtype = annotation.get(name('Subtype'));
      if (subtype instanceof PDFName && ['/FileAttachment', '/RichMedia', '/Screen', '/Movie', '/Sound'].includes(subtype.asString())) {
        annotations.remove(index);
        removed = true;
        continue;
      }
      drop(annotation, 'AA');
      if (isActiveAction(document, annotation.get(name('A')))) drop(annotation, 'A');
    }
  }
  if (!removed) return false;
  const kept = reachableRefs(document);
  for (const [ref] of document.context.enumerateIndirectObjects()) if (!kept.has(ref.toString())) document.context.delete(ref);
  // The trailer's /Size counts up to the highest object still written, so readers find no gap to warn of.
  document.context.largestObjectNumber = Math.max(0, ...[...kept].map((ref) => Number.parseInt(ref, 10)));
  return true;
}

/**
 * The copy a signer reads before signing: none of what a reader would run on opening. A PDF with
 * nothing to remove is answered byte for byte as sent (its recorded SHA-256 still holds).
 */
export async function pdfWithoutActiveContent(content: Buffer): Promise<Buffer> {
  const document = await PDFDocument.load(content, { updateMetadata: false });
  if (!stripActiveContent(document)) return content;
  return Buffer.from(await document.save({ useObjectStreams: false }));
}
