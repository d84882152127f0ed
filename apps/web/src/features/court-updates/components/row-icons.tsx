/**
 * Outline icons drawn inline: importing icon components would split the shell's shared code into
 * more chunks and add to every page's first visit (as in the flat-fees table).
 */
function Outline({ path }: { path: string }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

export const EyeIcon = () => <Outline path="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6" />;
export const PencilIcon = () => <Outline path="M4 20h4L18.5 9.5a2.83 2.83 0 0 0-4-4L4 16v4M13.5 6.5l4 4" />;
export const BinIcon = () => (
  <Outline path="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3" />
);
