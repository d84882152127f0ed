/** What other modules may do to matters: the team module hands a departing member's open matters to a colleague. */
export { countOpenMattersOf, reassignOpenMatters } from './matters.repository.ts';
/** A matter from a bulk import (the bulk-import module). */
export { importMatter, type ImportedMatter } from './matter-import.ts';
