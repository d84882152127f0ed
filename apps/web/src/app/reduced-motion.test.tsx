import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './providers.tsx';

describe('motion', () => {
  it('tells Mantine to honour a system that asks for less motion (its CSS then drops transitions under that media query)', () => {
    document.documentElement.removeAttribute('data-respect-reduced-motion');
    render(<MantineProvider theme={theme}>page</MantineProvider>);
    expect(document.documentElement).toHaveAttribute('data-respect-reduced-motion', 'true');
  });
});
