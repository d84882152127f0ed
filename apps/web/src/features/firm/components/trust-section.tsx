import { MoneyInput } from '../../../components/money-input.tsx';
import type { FirmSettingsForm } from '../hooks/use-firm-settings-form.ts';
import { SettingsSection } from './settings-section.tsx';

/** The two-person rule on client money leaving the trust account. */
export function TrustSection({ form, currencySymbol }: { form: FirmSettingsForm; currencySymbol: string }) {
  return (
    <SettingsSection title="Trust money">
      <MoneyInput
        label={currencySymbol ? `Approval threshold (${currencySymbol})` : 'Approval threshold'}
        description="A disbursement, refund or invoice payment out of trust above this amount needs a second person’s approval. Blank: never."
        maw={{ sm: 320 }}
        {...form.valueProps('trustApprovalThreshold')}
      />
    </SettingsSection>
  );
}
