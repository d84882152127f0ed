import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { formatMoney, isMoneyText, type ReportAnswer } from '@matterhorn/shared';

const figure = (text: string) => (isMoneyText(text) ? formatMoney(text) : text);

/** How the report's figures were made (formula, date basis, rounding) and its tie-outs as pass/fail lines. */
export function ReportFooter({ answer }: { answer: ReportAnswer }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="report-basis">
      <Title order={2} size="h4" id="report-basis">
        How these figures are made
      </Title>
      <dl style={{ margin: 0 }}>
        {(
          [
            ['Formula', answer.formula],
            ['Date basis', answer.dateBasis],
            ['Rounding', answer.rounding],
          ] as const
        ).map(([term, text]) => (
          <Group key={term} gap="xs" align="flex-start" wrap="nowrap" mb={4}>
            <Text component="dt" fw={700} size="sm" miw={90}>
              {term}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {text}
            </Text>
          </Group>
        ))}
      </dl>
      {answer.checks.length > 0 && (
        <>
          <Title order={3} size="h5">
            Checks
          </Title>
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Checks">
            {answer.checks.map((check) => (
              <li key={check.name}>
                <Group gap="xs" wrap="nowrap" align="flex-start" py={2}>
                  <Badge color={check.pass ? 'green' : 'red'} variant="light" miw={52} style={{ flexShrink: 0 }}>
                    {check.pass ? 'Pass' : 'Fail'}
                  </Badge>
                  <Text size="sm">
                    {check.name}: {figure(check.expected)}
                    {check.pass ? '' : `, but ${figure(check.actual)}`}
                  </Text>
                </Group>
              </li>
            ))}
          </ul>
        </>
      )}
    </Stack>
  );
}
