/** Dates travel as ISO text (YYYY-MM-DD); on what a firm sends, they print as the firm chose (Settings › General). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** How dates print on what a firm sends (its Settings › General choice); the screens keep DD/MM/YYYY. */
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'D MMM YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An ISO date in the firm's document date format ('' when not an ISO date). */
export function isoToDocumentDate(iso: string, format: DateFormat): string {
  const match = ISO_DATE.exec(iso.slice(0, 10));
  if (!match) return '';
  const [, year, month, day] = match as unknown as [string, string, string, string];
  switch (format) {
    case 'MM/DD/YYYY':
      return `${month}/${day}/${year}`;
    case 'YYYY-MM-DD':
      return `${year}-${month}-${day}`;
    case 'D MMM YYYY':
      return `${Number(day)} ${MONTH_ABBREVIATIONS[Number(month) - 1]} ${year}`;
    default:
      return `${day}/${month}/${year}`;
  }
}
