import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './providers.tsx';

describe('text fields', () => {
  it('carry type="text", so an autocomplete token for text ("organization") is valid where a checker reads the attribute', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <TextInput label="Company name" autoComplete="organization" />
        <TextInput label="Email" type="email" autoComplete="email" />
      </MantineProvider>,
    );
    expect(screen.getByLabelText('Company name')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });
});
