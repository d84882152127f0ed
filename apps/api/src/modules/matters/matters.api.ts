/** What other modules may do to matters: the team module hands a departing member's open matters to a colleague. */
export { countOpenMattersOf, reassignOpenMatters } from './matters.repository.ts';
