import { Box, Button, ColorInput, Group, Stack, Text, Textarea } from '@mantine/core';
import { accentColourInput, INVOICE_FOOTER_MAX_LENGTH, textColourOnAccent } from '@matterhorn/shared';

/** Dark accents: white text on each reaches 4.5:1 (a test holds them to it). */
export const ACCENT_SWATCHES = ['#1F4E79', '#1F6FEB', '#0B6E4F', '#7A1F3D', '#5B2A86', '#8A4B08', '#343A40'] as const;

export const INVOICE_APPEARANCE_TEXT = {
  accentLabel: 'Accent colour',
  accentDescription: 'The heading rule and table headings of your invoices, their online page and email',
  useDefault: 'Use the default colours',
  previewLabel: 'Accent preview',
  footerLabel: 'Invoice footer',
  footerDescription: 'Printed small at the foot of every page of your invoices, their online page and email',
} as const;

/** Today's table headings: grey with black text, as the PDF draws them without an accent. */
const DEFAULT_BAND = '#EEEEEE';

/** The accent's error as the server would give it, or null (blank is fine: the default colours). */
export function accentColourError(value: string | null): string | null {
  const parsed = accentColourInput.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

type Props = {
  accentColour: string | null;
  footer: string | null;
  onAccentColourChange: (value: string | null) => void;
  onFooterChange: (value: string | null) => void;
};

/** Invoice settings › how the bills look: the accent (with a live preview and a way back to the default) and the footer. */
export function InvoiceAppearanceFields({ accentColour, footer, onAccentColourChange, onFooterChange }: Props) {
  const error = accentColourError(accentColour);
  const accent = accentColour && !error ? accentColour.toUpperCase() : null;
  const band = accent ?? DEFAULT_BAND;
  return (
    <>
      <Stack gap="xs">
        <ColorInput
          label={INVOICE_APPEARANCE_TEXT.accentLabel}
          description={INVOICE_APPEARANCE_TEXT.accentDescription}
          placeholder="Default colours"
          format="hex"
          swatches={[...ACCENT_SWATCHES]}
          swatchesPerRow={7}
          value={accentColour ?? ''}
          error={error}
          onChange={(value) => onAccentColourChange(value.trim() ? value : null)}
        />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Box
            role="img"
            aria-label={`${INVOICE_APPEARANCE_TEXT.previewLabel}: ${accent ?? 'default colours'}`}
            data-testid="accent-preview"
            style={{ flex: 1, borderTop: `3px solid ${accent ?? 'transparent'}`, paddingTop: 4 }}
          >
            <Text
              size="xs"
              fw={700}
              px="xs"
              py={4}
              data-testid="accent-preview-band"
              style={{ backgroundColor: band, color: textColourOnAccent(band) }}
            >
              Date · Description · Amount
            </Text>
          </Box>
          <Button variant="subtle" size="compact-sm" disabled={!accentColour} onClick={() => onAccentColourChange(null)}>
            {INVOICE_APPEARANCE_TEXT.useDefault}
          </Button>
        </Group>
      </Stack>
      <Textarea
        label={INVOICE_APPEARANCE_TEXT.footerLabel}
        description={INVOICE_APPEARANCE_TEXT.footerDescription}
        minRows={3}
        maxLength={INVOICE_FOOTER_MAX_LENGTH}
        value={footer ?? ''}
        onChange={(event) => onFooterChange(event.currentTarget.value || null)}
      />
    </>
  );
}
