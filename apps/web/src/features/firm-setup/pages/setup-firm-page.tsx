import { useQuery } from '@tanstack/react-query';
import { Center, FileInput, Image, Paper, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { firmSetupRequestSchema, LOGO_MAX_LENGTH } from '@matterhorn/shared';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { currenciesQuery } from '../../../lib/lookups/currencies.ts';
import { setUpFirm } from '../api/firm-setup-api.ts';
import { browserTimeZone, countryNames, suggestPortalSlug, timeZoneNames } from '../../../components/countries.ts';
import { PageTitle } from '../../../components/page-title.tsx';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

export function SetupFirmPage() {
  const session = useSession();
  const navigate = useNavigate();
  const currencies = useQuery(currenciesQuery);
  const countries = useMemo(() => countryNames(), []);
  const timeZones = useMemo(() => timeZoneNames(), []);
  const initialFirmName = session.workingUser?.firmName ?? '';
  const [isSlugEdited, setIsSlugEdited] = useState(false);
  const [logoFile, setLogoFile] = useState<File | null>(null);

  const form = useSchemaForm(firmSetupRequestSchema, {
    firmName: initialFirmName,
    portalSlug: session.workingUser?.firmName ? suggestPortalSlug(initialFirmName) : '',
    country: '',
    homeCurrencyId: '',
    multicurrency: false,
    timeZone: browserTimeZone(),
    logo: null as string | null,
  });

  const currencyOptions = (currencies.data ?? []).map((currency) => ({
    value: String(currency.id),
    label: `${currency.isoCurrenyCode} — ${currency.currencyName} (${currency.symbol})`,
  }));

  const submit = form.onSubmit(async (data) => {
    await setUpFirm(data);
    await session.reloadProfile();
    navigate('/dashboard', { replace: true });
  });

  const slug = form.values.portalSlug || 'your-firm';

  return (
    <Center mih="100vh" p="md" bg="gray.0" component="main">
      <PageTitle parts={['Set up your firm']} />
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={560}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <div>
              <Title order={1} size="h2">
                Set up your firm
              </Title>
              <Text c="dimmed" size="sm">
                Tell us about your firm. You can change these later in settings.
              </Text>
            </div>
            <TextInput
              label="Firm name"
              withAsterisk
              {...form.inputProps('firmName')}
              onChange={(event) => {
                const firmName = event.currentTarget.value;
                form.setValue('firmName', firmName);
                if (!isSlugEdited) form.setValue('portalSlug', suggestPortalSlug(firmName));
              }}
            />
            <TextInput
              label="Portal address"
              withAsterisk
              description={`Your clients sign in at ${window.location.origin}/portal/${slug}/login`}
              {...form.inputProps('portalSlug')}
              onChange={(event) => {
                setIsSlugEdited(true);
                form.setValue('portalSlug', event.currentTarget.value.toLowerCase());
              }}
            />
            <Select
              label="Country"
              withAsterisk
              searchable
              data={countries}
              value={form.values.country || null}
              onChange={(value) => {
                form.setValue('country', value ?? '');
                form.touch('country');
              }}
              onBlur={() => form.touch('country')}
              error={form.errorFor('country')}
              nothingFoundMessage="No country found."
            />
            <Select
              label="Home currency"
              withAsterisk
              searchable
              data={currencyOptions}
              value={form.values.homeCurrencyId || null}
              onChange={(value) => {
                form.setValue('homeCurrencyId', value ?? '');
                form.touch('homeCurrencyId');
              }}
              onBlur={() => form.touch('homeCurrencyId')}
              error={form.errorFor('homeCurrencyId')}
              placeholder={currencies.isPending ? 'Loading currencies…' : undefined}
              nothingFoundMessage="No currency found."
            />
            <Switch
              label="Enable multicurrency"
              description="Bill clients in currencies other than your home currency."
              checked={form.values.multicurrency}
              onChange={(event) => form.setValue('multicurrency', event.currentTarget.checked)}
            />
            <Select
              label="Time zone"
              withAsterisk
              searchable
              data={timeZones}
              value={form.values.timeZone || null}
              onChange={(value) => {
                form.setValue('timeZone', value ?? '');
                form.touch('timeZone');
              }}
              onBlur={() => form.touch('timeZone')}
              error={form.errorFor('timeZone')}
              nothingFoundMessage="No time zone found."
              limit={100}
            />
            <FileInput
              label="Firm logo"
              description={`PNG, JPEG, GIF, WebP or SVG, up to ${Math.floor((LOGO_MAX_LENGTH * 3) / 4 / 1024)} KB`}
              accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
              clearable
              value={logoFile}
              onChange={async (file) => {
                setLogoFile(file);
                form.touch('logo');
                form.setValue('logo', file ? await readAsDataUrl(file) : null);
              }}
              error={form.errorFor('logo')}
            />
            {form.values.logo && !form.errorFor('logo') && (
              <Image src={form.values.logo} alt="Firm logo preview" h={64} w="auto" fit="contain" />
            )}
            <SubmitButton isSubmitting={form.isSubmitting} mt="sm">
              Save and continue
            </SubmitButton>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
