import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render.tsx';
import { SubmitButton } from './submit-button.tsx';

describe('SubmitButton', () => {
  it('is a submit button by default', () => {
    renderAt(<SubmitButton>Save</SubmitButton>);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit');
  });

  it('is disabled while disabled or submitting', () => {
    renderAt(
      <>
        <SubmitButton disabled>Save</SubmitButton>
        <SubmitButton isSubmitting variant="secondary">
          Send
        </SubmitButton>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    const sending = screen.getAllByRole('button').find((button) => button.textContent?.includes('Send'));
    expect(sending).toBeDisabled();
    expect(sending).toHaveAttribute('data-loading');
  });
});
