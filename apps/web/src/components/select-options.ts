/** One choice in a dropdown; `group` puts it under a heading (SPEC.md §2: Individual, Company). */
export type SelectOption = {
  value: string;
  label: string;
  group?: string;
};

/** A heading and its options; options without a group come first under no heading. */
export type SelectOptionSection = {
  group: string | null;
  options: SelectOption[];
};

/** SPEC.md §2: every dropdown's empty state reads 'No {entity} found.' */
export function emptyOptionsText(entity: string): string {
  return `No ${entity} found.`;
}

/** Options whose label contains the search text, ignoring case and surrounding spaces. */
export function filterSelectOptions(options: SelectOption[], search: string): SelectOption[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return options;
  return options.filter((option) => option.label.toLowerCase().includes(needle));
}

/** Ungrouped options first, then one section per group in the order the groups first appear. */
export function groupSelectOptions(options: SelectOption[]): SelectOptionSection[] {
  const ungrouped: SelectOption[] = [];
  const groups = new Map<string, SelectOption[]>();
  for (const option of options) {
    if (option.group === undefined) {
      ungrouped.push(option);
      continue;
    }
    const members = groups.get(option.group) ?? [];
    members.push(option);
    groups.set(option.group, members);
  }
  const sections: SelectOptionSection[] = ungrouped.length > 0 ? [{ group: null, options: ungrouped }] : [];
  for (const [group, members] of groups) sections.push({ group, options: members });
  return sections;
}
