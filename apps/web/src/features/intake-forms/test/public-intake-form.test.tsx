import type { PublicIntakeForm } from '@matterhorn/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IntakeRequestError } from '../public/public-intake-api.ts';
import { PublicIntakeFormView } from '../public/public-intake-form.tsx';
import { intakeAddressOf } from '../public/public-intake-page.tsx';

const FORM: PublicIntakeForm = {
  firmName: 'Adebayo & Partners',
  name: 'Property purchase',
  introduction: null,
  maxFileBytes: 10 * 1024 * 1024,
  maxFilesPerField: 5,
  fields: [
    { key: 'fullName', type: 'text', label: 'Your name', help: null, isRequired: true, options: [], showIf: null },
    { key: 'email', type: 'email', label: 'Email', help: 'We reply to it', isRequired: true, options: [], showIf: null },
    { key: 'hasOffer', type: 'yesNo', label: 'Have you had an offer letter?', help: null, isRequired: false, options: [], showIf: null },
    {
      key: 'offerDate',
      type: 'date',
      label: 'Date of the offer letter',
      help: null,
      isRequired: true,
      options: [],
      showIf: { fieldKey: 'hasOffer', operator: 'equals', values: ['yes'] },
    },
  ],
};

function renderForm(submit = vi.fn(async () => undefined)) {
  render(<PublicIntakeFormView form={FORM} upload={vi.fn()} submit={submit} />);
  return { user: userEvent.setup(), submit };
}

describe('the public intake form', () => {
  it('shows a field only while its show-if rule holds, and its answer goes only while it is shown', async () => {
    const { user, submit } = renderForm();
    expect(screen.queryByLabelText(/Date of the offer letter/)).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByLabelText(/Date of the offer letter/), '2026-11-02');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText(/Date of the offer letter/)).toBeNull();
    await user.type(screen.getByLabelText(/Your name/), 'Ngozi Okonkwo');
    await user.type(screen.getByLabelText(/Email/), 'Ngozi@Example.ng');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(submit).toHaveBeenCalledWith({ fullName: 'Ngozi Okonkwo', email: 'ngozi@example.ng', hasOffer: 'no' }, '');
  });

  it.each([
    { case: 'nothing typed', name: '', email: '', errors: ['Your name is required', 'Email is required'], focused: /Your name/ },
    { case: 'a mistyped email', name: 'Ngozi', email: 'ngozi@', errors: ['Email must be a valid email address'], focused: /Email/ },
  ])('sends nothing with $case: says why under each field and takes the visitor to the first', async ({ name, email, errors, focused }) => {
    const { user, submit } = renderForm();
    if (name) await user.type(screen.getByLabelText(/Your name/), name);
    if (email) await user.type(screen.getByLabelText(/Email/), email);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    for (const error of errors) expect(screen.getByText(error)).toBeInTheDocument();
    expect(screen.getByLabelText(focused)).toHaveFocus();
    expect(screen.getByLabelText(focused)).toHaveAccessibleDescription(expect.stringContaining(errors[0]!));
    expect(submit).not.toHaveBeenCalled();
  });

  it('asks for a shown required field and marks every required one for sight, not twice for a screen reader', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Date of the offer letter is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Your name *')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toBeInTheDocument();
  });

  it('hides its honeypot from people, from the keyboard and from screen readers, and sends what a robot typed in it', async () => {
    const { user, submit } = renderForm();
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot.closest('[aria-hidden="true"]')).toHaveAttribute('inert');
    await user.type(screen.getByLabelText(/Your name/), 'Robot');
    await user.type(screen.getByLabelText(/Email/), 'robot@example.ng');
    honeypot.value = 'https://spam.example';
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(submit).toHaveBeenCalledWith(expect.anything(), 'https://spam.example');
  });

  it('shows the server’s refusals under their fields', async () => {
    const submit = vi.fn(async () => {
      throw new IntakeRequestError('Check the answers marked in the form', 400, { email: 'Email must be a valid email address' });
    });
    const { user } = renderForm(submit);
    await user.type(screen.getByLabelText(/Your name/), 'Ngozi');
    await user.type(screen.getByLabelText(/Email/), 'ngozi@example.ng');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check the answers marked in the form');
    expect(screen.getByText('Email must be a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveFocus();
  });
});

describe('the public form’s address', () => {
  it.each([
    ['/intake/demo/property-purchase', { company: 'demo', form: 'property-purchase' }],
    ['/intake/demo/property-purchase/', { company: 'demo', form: 'property-purchase' }],
    ['/intake/demo', null],
    ['/intake/demo/a/b', null],
    ['/intake/%E0%A4%A/x', null],
  ])('%s reads as %j', (pathname, expected) => {
    expect(intakeAddressOf(pathname)).toEqual(expected);
  });
});
