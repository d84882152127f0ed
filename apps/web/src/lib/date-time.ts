const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as DD/MM/YYYY in the reader's time zone (GUIDE.md §6); '' for a value that is not one. */
export function displayDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** A moment as DD/MM/YYYY HH:mm in the reader's time zone; '' for a value that is not one. */
export function displayDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${displayDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A moment as DD/MM/YYYY HH:mm on the firm's clock (GUIDE.md §10: the firm's time zone, never the reader's); '' for a value that is not one. */
export function displayFirmDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
