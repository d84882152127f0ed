import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { bankAccountOptionsQuery, type BankAccountMoney } from '../lib/lookups/bank-accounts.ts';

/** The system operating bank (id null) as a select value: Mantine's values are strings. */
const SYSTEM_BANK = 'system';

/**
 * Which of the firm's operating bank accounts money went into or came from. Shown only when the
 * firm has two or more for the money's currency: with one, the default takes it and the form stays
 * as simple as it was. The value is the bankAccountId to send; null for the default.
 */
export function BankAccountSelect({
  money,
  value,
  onChange,
}: {
  money: BankAccountMoney;
  value: string | null;
  onChange: (bankAccountId: string | null) => void;
}) {
  const { data: options = [] } = useQuery(bankAccountOptionsQuery(money));
  if (options.length < 2) return null;
  const chosen = value ?? options.find((option) => option.isDefault)?.id ?? null;
  return (
    <Select
      label="Bank account"
      description="The account the money went through"
      data={options.map((option) => ({
        value: option.id ?? SYSTEM_BANK,
        label: option.isDefault ? `${option.label} (default)` : option.label,
      }))}
      value={chosen ?? SYSTEM_BANK}
      onChange={(picked) => onChange(picked === null || picked === SYSTEM_BANK ? null : picked)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
