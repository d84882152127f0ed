import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render.tsx';
import { SUBSCRIPTION_ENDED_MESSAGE } from '@matterhorn/shared';
import { SubscriptionEndedContext } from './subscription-ended.ts';
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

  it('is disabled with the server’s words while the firm’s subscription has ended, except for choosing a plan', () => {
    renderAt(
      <SubscriptionEndedContext.Provider value>
        <SubmitButton>Save</SubmitButton>
        <SubmitButton isAllowedWhenSubscriptionEnded>Pay</SubmitButton>
      </SubscriptionEndedContext.Provider>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(SUBSCRIPTION_ENDED_MESSAGE);
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });
});
